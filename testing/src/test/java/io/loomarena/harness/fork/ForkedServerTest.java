package io.loomarena.harness.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.fake.FakePlans;
import io.loomarena.harness.fake.FakeServerMain;
import io.loomarena.measure.ServerStats;

/** Forks the fake server in a real JVM: start-up, the stdin stats protocol, and start-up failures. */
class ForkedServerTest {

    @TempDir
    Path results;

    private ForkedServer start(String mode, HarnessSettings settings) {
        JvmFork fork = JvmFork.ofHarnessJvm(settings.jvm(), settings.jvmArgs(), CpuPinning.detect(true));
        return ForkedServer.start(fork, "server JVM FAKE", JvmLaunch.of(FakeServerMain.class.getName(), mode),
                settings);
    }

    @Test
    void waitsForTheListeningLineAndAnswersStatsOverStdin() {
        try (ForkedServer server = start("normal", FakePlans.settings(results))) {
            assertThat(server.address().host()).isEqualTo("127.0.0.1");
            assertThat(server.address().port()).isPositive();
            assertThat(server.pid()).isNotEqualTo(ProcessHandle.current().pid());

            server.resetPeaks();
            long collectionsBefore = server.stats().gcCount();
            server.gc();
            ServerStats stats = server.stats();

            assertThat(stats.pid()).isEqualTo(server.pid());
            assertThat(stats.liveThreads()).isPositive();
            assertThat(stats.counters()).containsKey("accepted");
            assertThat(stats.gcCount()).as("collections after 'gc'").isGreaterThan(collectionsBefore);
        }
    }

    @Test
    void stopsTheServerOnClose() {
        ForkedServer server = start("normal", FakePlans.settings(results));
        server.close();

        assertThat(server.isAlive()).isFalse();
    }

    @Test
    void failsWithTheStderrTailWhenTheServerExitsBeforeListening() {
        assertThatThrownBy(() -> start("exit-early", FakePlans.settings(results)))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("server JVM FAKE")
                .hasMessageContaining("exit code 3")
                .hasMessageContaining("exited before printing 'listening on HOST:PORT'")
                .hasMessageContaining("Address already in use");
    }

    @Test
    void failsAndKillsAServerThatNeverListens() {
        HarnessSettings settings = FakePlans.settings(results).withTimeouts(Duration.ofSeconds(3),
                Duration.ofSeconds(10));

        assertThatThrownBy(() -> start("silent", settings))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("did not print 'listening on HOST:PORT' within 3 s")
                .hasMessageContaining("starting, but never listening");
        assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive)).isEmpty();
    }
}
