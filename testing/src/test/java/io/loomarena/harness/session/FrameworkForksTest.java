package io.loomarena.harness.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.ModuleClassPath;
import io.loomarena.harness.fake.FakePlans;
import io.loomarena.harness.fake.FakeServerMain;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Framework rows measured with the others, on the fake server in real forked JVMs: one started from its module's
 * class path file records the implementation its stats name, one whose module is not built fails alone with its one
 * line while the others are measured and saved, and the arena's own server records {@code loom-arena <commit>}.
 */
class FrameworkForksTest {

    @TempDir
    Path repository;

    @Test
    void aRowNotBuiltFailsAloneWithItsLineAndEverySummaryRecordsWhatServed() throws Exception {
        Path results = repository.resolve("target-results");
        HarnessSettings settings = FakePlans.settings(results).withIterations(1, 0, 1);
        // A built module: its class path file lists the test JVM's own class path, which holds the fake server.
        ModuleClassPath built = new ModuleClassPath("frameworks/fake", "fake-framework");
        Files.createDirectories(built.file(repository).getParent());
        Files.writeString(built.file(repository), System.getProperty("java.class.path"));
        ModuleClassPath notBuilt = new ModuleClassPath("frameworks/absent", "absent-framework");
        BenchmarkPlan arena = labelled(FakePlans.plan("normal", "ok", 10), "FAKE_A_SERVER", null);
        BenchmarkPlan framework = labelled(FakePlans.plan("framework", "ok", 10), "FAKE_F_SERVER", built);
        BenchmarkPlan absent = labelled(FakePlans.plan("framework", "ok", 10), "FAKE_X_SERVER", notBuilt);
        SummaryStore store = new SummaryStore(results);

        Map<String, InterleavedForks.Outcome> outcomes = InterleavedForks.measureAndSave(
                List.of(absent, arena, framework), settings, store, Deployment.local(JvmFork.local(settings)), 11,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        assertThatThrownBy(() -> outcomes.get(absent.combination()).orThrow()).isInstanceOf(HarnessException.class)
                .hasMessage("absent-framework: frameworks/absent is not built (no " + notBuilt.file(repository)
                        + "); build it with ./mvnw -q -pl frameworks/absent -am compile");
        assertThat(store.path("fake", absent.combination())).doesNotExist();
        BenchmarkSummary ours = outcomes.get(arena.combination()).orThrow().summary();
        BenchmarkSummary theirs = outcomes.get(framework.combination()).orThrow().summary();
        assertThat(theirs.implementation()).isEqualTo(FakeServerMain.FRAMEWORK);
        assertThat(ours.implementation()).isEqualTo(BenchmarkSummary.arenaImplementation(
                ours.environment().gitCommit())).startsWith("loom-arena ");
        assertThat(SummaryStore.read(store.path("fake", framework.combination())).implementation())
                .isEqualTo(FakeServerMain.FRAMEWORK);
    }

    @Test
    void theArenasImplementationIsItsShortCommitOrSaysItIsUnknown() {
        assertThat(BenchmarkSummary.arenaImplementation("66a8d31c2f1e9a0b1c2d3e4f5a6b7c8d9e0f1a2b"))
                .isEqualTo("loom-arena 66a8d31c2f1e");
        assertThat(BenchmarkSummary.arenaImplementation("unknown")).isEqualTo("loom-arena (commit unknown)");
    }

    private static BenchmarkPlan labelled(BenchmarkPlan plan, String serverLabel, ModuleClassPath classPath) {
        JvmLaunch server = new JvmLaunch(plan.server().mainClass(), plan.server().args(), classPath);
        return new BenchmarkPlan(plan.suite(), plan.unit(), plan.serverModel(), plan.clientModel(), serverLabel,
                plan.clientLabel(), plan.workload(), plan.expectedOperations(), server, plan.client(),
                plan.variant(), plan.downstream(), plan.clientTimeByDesign());
    }
}
