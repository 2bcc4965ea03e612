package io.loomarena.harness.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fake.FakePlans;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.fork.Launcher;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;

/**
 * Several client JVMs against one server, as several client hosts run them, here all on this machine under
 * different host names: paced together, their results merged.
 */
class BenchmarkSessionClientsTest {

    @TempDir
    Path results;

    /** This machine under another name, as a second client host. */
    private static Launcher named(String host) {
        return new Launcher() {
            @Override
            public String host() {
                return host;
            }

            @Override
            public List<String> wrap(List<String> command) {
                return Launcher.LOCAL.wrap(command);
            }

            @Override
            public String fileFor(Path localFile) {
                return Launcher.LOCAL.fileFor(localFile);
            }

            @Override
            public void fetch(String file, Path localFile) {
                Launcher.LOCAL.fetch(file, localFile);
            }

            @Override
            public boolean remote() {
                return false;
            }
        };
    }

    private static List<JvmFork> clients(HarnessSettings settings, String... hosts) {
        JvmFork local = JvmFork.local(settings);
        return java.util.Arrays.stream(hosts).map(host -> new JvmFork(local.javaBinary(), local.classPath(),
                local.jvmArgs(), local.pinning(), named(host))).toList();
    }

    @Test
    void twoClientsRunEachIterationTogetherAndTheirOperationsAndLatenciesAreAddedUp() {
        HarnessSettings settings = FakePlans.settings(results).withIterations(1, 1, 2);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        BenchmarkSummary summary;
        try (BenchmarkSession session = BenchmarkSession.startWithClients(FakePlans.plan("normal", "ok", 150),
                settings, new PrintStream(printed, true, StandardCharsets.UTF_8), clients(settings, "a", "b"))) {
            summary = session.run();
        }

        // The fake client ignores its share: each does all 150, so the merged iterations hold 300.
        assertThat(summary.runs().measured()).hasSize(2).allSatisfy(run -> {
            assertThat(run.operations()).isEqualTo(300);
            assertThat(run.totalErrors()).isZero();
        });
        assertThat(summary.aggregate().latency().count()).isEqualTo(600);
        assertThat(summary.runs().measured()).extracting(MeasuredRun::iteration).containsExactly(1, 2);
        String output = printed.toString(StandardCharsets.UTF_8);
        assertThat(output.lines().filter(line -> line.contains(" iteration ") && line.endsWith(", 2 clients")))
                .hasSize(2);
        assertThat(output.lines().filter(line -> line.contains(" warmup 1/1: ") && line.endsWith(", 2 clients")))
                .hasSize(1);
    }

    @Test
    void aClientThatFailsFailsTheForkNamingItAndStopsTheOthers() {
        HarnessSettings settings = FakePlans.settings(results).withIterations(1, 1, 2);
        try (BenchmarkSession session = BenchmarkSession.startWithClients(FakePlans.plan("normal", "fail", 150),
                settings, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                clients(settings, "a", "b"))) {
            // Both clients fail; the one seen first is named, and which that is depends on which JVM exits first.
            assertThatThrownBy(session::run).isInstanceOf(HarnessException.class)
                    .hasMessageMatching("(?s)client JVM FAKE_CLIENT \\(fork 1 of 1, client"
                            + " (1 of 2 on a|2 of 2 on b)\\).*")
                    .hasMessageContaining("exit code 1")
                    .hasMessageContaining("the other client JVMs were stopped")
                    .hasMessageContaining("fake client: 2 messages corrupted (mismatch)");
        }
    }
}
