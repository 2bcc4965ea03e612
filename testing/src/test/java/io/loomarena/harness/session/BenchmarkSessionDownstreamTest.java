package io.loomarena.harness.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.fake.FakePlans;
import io.loomarena.harness.fake.FakeServerMain;
import io.loomarena.harness.summary.BenchmarkSummary;

/** A plan with a downstream: forked before the server, its address passed on, recorded, and stopped after. */
class BenchmarkSessionDownstreamTest {

    @TempDir
    Path results;

    private static BenchmarkPlan withDownstream(String downstreamMode) {
        BenchmarkPlan plain = FakePlans.plan("normal", "ok", 50);
        return new BenchmarkPlan(plain.suite(), plain.unit(), plain.serverModel(), plain.clientModel(),
                plain.serverLabel(), plain.clientLabel(), plain.workload(), plain.expectedOperations(), plain.server(),
                plain.client(), "WITH_DOWNSTREAM", new BenchmarkPlan.Downstream("FAKE_DOWNSTREAM",
                JvmLaunch.of(FakeServerMain.class.getName(), downstreamMode),
                (host, port) -> List.of("--downstream", "http://" + host + ":" + port + "/io"), "a fake downstream"),
                Duration.ZERO);
    }

    @Test
    void theDownstreamRunsBesideTheServerIsRecordedAndStopsWithIt() {
        BenchmarkSummary summary;
        long downstreamPid;
        try (BenchmarkSession session = BenchmarkSession.start(withDownstream("normal"),
                FakePlans.settings(results).withIterations(1, 0, 1))) {
            downstreamPid = session.downstreamPid().orElseThrow();
            assertThat(downstreamPid).isNotEqualTo(session.serverPid());
            assertThat(ProcessHandle.of(downstreamPid)).map(ProcessHandle::isAlive).contains(true);
            summary = session.run();
        }

        assertThat(summary.combination()).isEqualTo("FAKE_SERVER+FAKE_CLIENT+WITH_DOWNSTREAM");
        assertThat(summary.workload()).containsEntry("downstream", "a fake downstream").containsKey("downstreamCpu");
        await().atMost(Duration.ofSeconds(20)).until(() -> ProcessHandle.of(downstreamPid)
                .map(ProcessHandle::isAlive).orElse(false) == Boolean.FALSE);
    }

    @Test
    void aDownstreamThatCannotStartFailsTheSessionByName() {
        assertThatThrownBy(() -> BenchmarkSession.start(withDownstream("exit-early"), FakePlans.settings(results)))
                .isInstanceOf(HarnessException.class).hasMessageContaining("downstream JVM FAKE_DOWNSTREAM")
                .hasMessageContaining("Address already in use");
    }

    @Test
    void aPlanWithoutDownstreamHasNone() {
        try (BenchmarkSession session = BenchmarkSession.start(FakePlans.plan("normal", "ok", 10),
                FakePlans.settings(results))) {
            assertThat(session.downstreamPid()).isEmpty();
            assertThat(Optional.ofNullable(session.plan().downstream())).isEmpty();
        }
    }
}
