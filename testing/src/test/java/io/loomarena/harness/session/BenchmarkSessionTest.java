package io.loomarena.harness.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fake.FakePlans;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.HarnessMetrics;

/** Runs whole combinations with the fake server and client in real forked JVMs. */
class BenchmarkSessionTest {

    @TempDir
    Path results;

    @Test
    void measuresEachForksIterationsInOneFreshClientJvmAgainstOneFreshServerJvm() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        BenchmarkSummary summary;
        try (BenchmarkSession session = BenchmarkSession.start(FakePlans.plan("normal", "ok", 200),
                FakePlans.settings(results).withIterations(2, 1, 3),
                new PrintStream(printed, true, StandardCharsets.UTF_8))) {
            summary = session.run();
        }

        List<MeasuredRun> runs = summary.runs().measured();
        assertThat(summary.combination()).isEqualTo("FAKE_SERVER+FAKE_CLIENT");
        assertThat(summary.runs().forks()).isEqualTo(2);
        assertThat(summary.runs().warmupIterations()).isEqualTo(1);
        assertThat(runs).hasSize(6).allSatisfy(run -> {
            assertThat(run.operations()).isEqualTo(200);
            assertThat(run.clientPid()).isNotEqualTo(run.serverPid());
            assertThat(run.metrics().get("serverCpuNanosPerIteration")).isNotNegative();
            assertThat(run.metrics().get("serverAllocatedBytesPerOperation")).isPositive();
        });
        // The harness settles each fork's server before its first measured iteration (stats answered, a full
        // collection run), so the JVM's first answers and collections do not fall inside it.
        assertThat(runs).filteredOn(run -> run.iteration() == 1).hasSize(2).allSatisfy(run ->
                assertThat(run.serverCounters().get("fullCollections").before()).isPositive());
        assertThat(runs).allSatisfy(run -> assertThat(run.metrics().get("serverJitMillis")).isNotNegative());
        assertThat(runs).extracting(MeasuredRun::fork).containsExactly(1, 1, 1, 2, 2, 2);
        assertThat(runs).extracting(MeasuredRun::iteration).containsExactly(1, 2, 3, 1, 2, 3);
        assertThat(runs).extracting(MeasuredRun::run).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(runs.subList(0, 3)).extracting(MeasuredRun::clientPid).containsOnly(runs.get(0).clientPid());
        assertThat(runs.subList(3, 6)).extracting(MeasuredRun::clientPid).containsOnly(runs.get(3).clientPid())
                .doesNotContain(runs.get(0).clientPid(), ProcessHandle.current().pid());
        assertThat(runs.subList(0, 3)).extracting(MeasuredRun::serverPid).containsOnly(runs.get(0).serverPid());
        assertThat(runs.get(3).serverPid()).isNotEqualTo(runs.get(0).serverPid());
        assertThat(summary.aggregate().elapsedCi95Nanos()).isNotNull();
        assertThat(summary.aggregate().latency().count()).isEqualTo(1200);
        assertThat(printed.toString(StandardCharsets.UTF_8).lines()
                .filter(line -> line.startsWith("[PERF] FAKE_SERVER+FAKE_CLIENT fork ")))
                .hasSize(8)
                .anySatisfy(line -> assertThat(line).matches(
                        "\\[PERF] FAKE_SERVER\\+FAKE_CLIENT fork 1/2 warmup 1/1: \\d+\\.\\d{3} s, [\\d,]+ op/s"))
                .anySatisfy(line -> assertThat(line).startsWith("[PERF] FAKE_SERVER+FAKE_CLIENT fork 2/2 iteration 3/3: "));
        assertThat(summary.environment().javaVersion()).isEqualTo(System.getProperty("java.version"));
        assertThat(summary.environment().serverJvmArgs()).contains("-Xms64m", "-Xmx64m");
    }

    @Test
    void readsThePlacementOfTheTwoCpusAroundEachMeasuredIterationUnlessTurnedOff() {
        assumeTrue(CpuPinning.detect(true).applied(), "needs taskset and two CPUs");
        String key = HarnessMetrics.CROSS_CPU_BEFORE.key();
        String after = HarnessMetrics.CROSS_CPU_AFTER.key();
        BenchmarkSummary probed;
        try (BenchmarkSession session = BenchmarkSession.start(FakePlans.plan("normal", "ok", 200),
                FakePlans.settings(results).withIterations(1, 1, 2))) {
            probed = session.run();
        }
        BenchmarkSummary plain;
        try (BenchmarkSession session = BenchmarkSession.start(FakePlans.plan("normal", "ok", 200),
                FakePlans.settings(results).withIterations(1, 1, 2).withCrossCpuProbe(false))) {
            plain = session.run();
        }

        assertThat(probed.runs().measured()).hasSize(2)
                .allSatisfy(run -> {
                    assertThat(run.metrics().get(key)).isBetween(1.0, 100_000.0);
                    assertThat(run.metrics().get(after)).isBetween(1.0, 100_000.0);
                });
        // One reading between two iterations serves as the first one's "after" and the second one's "before".
        assertThat(probed.runs().measured().get(1).metrics().get(key))
                .isEqualTo(probed.runs().measured().get(0).metrics().get(after));
        assertThat(probed.aggregate().metrics()).containsKey(key);
        assertThat(plain.runs().measured()).noneMatch(run -> run.metrics().containsKey(key));
    }

    @Test
    void failsWithTheClientsStderrWhenAClientRunFails() {
        try (BenchmarkSession session = BenchmarkSession.start(FakePlans.plan("normal", "fail", 10),
                FakePlans.settings(results))) {
            assertThatThrownBy(session::run)
                    .isInstanceOf(HarnessException.class)
                    .hasMessageContaining("failed fork 1 of 1, the start of its client JVM, of FAKE_SERVER+FAKE_CLIENT")
                    .hasMessageContaining("exit code 1")
                    .hasMessageContaining("2 messages corrupted");
        }
    }

    @Test
    void aMalformedProtocolLineFailsTheForkWithTheLineQuoted() {
        try (BenchmarkSession session = BenchmarkSession.start(FakePlans.plan("normal", "garbled", 10),
                FakePlans.settings(results))) {
            assertThatThrownBy(session::run)
                    .isInstanceOf(HarnessException.class)
                    .hasMessageContaining("broke the protocol at fork 1 of 1, the start of its client JVM, of"
                            + " FAKE_SERVER+FAKE_CLIENT: malformed iteration protocol line")
                    .hasMessageContaining("'[ITERATION] ready warmup one of two'");
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> ProcessHandle.current().children()
                .noneMatch(ProcessHandle::isAlive));
    }

    @Test
    void aDoneLineBeforeItsReadyFailsTheForkWithTheLineQuoted() {
        try (BenchmarkSession session = BenchmarkSession.start(FakePlans.plan("normal", "done-first", 10),
                FakePlans.settings(results))) {
            assertThatThrownBy(session::run)
                    .isInstanceOf(HarnessException.class)
                    .hasMessageContaining("broke the protocol at fork 1 of 1, the start of its client JVM, of"
                            + " FAKE_SERVER+FAKE_CLIENT: '[ITERATION] done iteration 1/1 elapsedNanos=1000"
                            + " operations=1 errors=0' before every client was ready for iteration 1/1");
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> ProcessHandle.current().children()
                .noneMatch(ProcessHandle::isAlive));
    }

    @Test
    void failsNamingTheServersDeathLongBeforeTheRunTimeoutWhenTheServerIsKilledWhileAClientRuns() {
        // The client hangs until killed: only a harness that watches the server ends this run before the client's
        // run timeout, set far above the bound asserted below so that no loaded machine comes near it.
        Duration runTimeout = Duration.ofMinutes(5);
        try (BenchmarkSession session = BenchmarkSession.start(FakePlans.plan("normal", "hang", 10),
                FakePlans.settings(results).withTimeouts(Duration.ofSeconds(20), runTimeout))) {
            AtomicLong killedAt = new AtomicLong();
            CompletableFuture<Void> killer = CompletableFuture.runAsync(() -> {
                awaitClientConnected(session.serverPid());
                killedAt.set(System.nanoTime());
                ProcessHandle.of(session.serverPid()).ifPresent(ProcessHandle::destroyForcibly);
            });

            // The client is either still running when the harness sees the server die (then killed), or has
            // already exited on its own because its connection broke or was refused: both are true, both are said.
            assertThatThrownBy(session::run)
                    .isInstanceOf(HarnessException.class)
                    .hasMessageContaining("died during fork 1 of 1, ")
                    .hasMessageContaining("killed by SIGKILL")
                    .hasMessageNotContaining("did not finish")
                    .hasMessageMatching("(?s).*; the client JVM \\(pid \\d+\\)"
                            + " (was killed|had exited with code \\d+).*");
            long failedAt = System.nanoTime();
            killer.join();
            // How soon depends on the machine (a tick of the watch, a grace of seconds when the client failed first):
            // the bound only tells the server's death from the run timeout, minutes away.
            assertThat(Duration.ofNanos(failedAt - killedAt.get())).isLessThan(Duration.ofSeconds(60));
            await().atMost(Duration.ofSeconds(60)).until(() -> ProcessHandle.current().children()
                    .noneMatch(ProcessHandle::isAlive));
        }
    }

    @Test
    void blamesTheServerWhenTheClientExitsBecauseTheServerDied() {
        try (BenchmarkSession session = BenchmarkSession.start(FakePlans.plan("normal", "until-eof", 10),
                FakePlans.settings(results))) {
            CompletableFuture.runAsync(() -> {
                awaitClientConnected(session.serverPid());
                ProcessHandle.of(session.serverPid()).ifPresent(ProcessHandle::destroyForcibly);
            });

            assertThatThrownBy(session::run)
                    .isInstanceOf(HarnessException.class)
                    .hasMessageContaining("died during fork 1 of 1, ");
        }
    }

    /**
     * Waits until the server JVM holds a socket besides its listening one: the client has most likely connected, so
     * the kill lands while it runs. It narrows the race with the client's own exit but cannot close it (on a slow
     * machine the client was seen to exit 1 with "Connection refused" first), so the assertions accept both.
     */
    private static void awaitClientConnected(long serverPid) {
        await().atMost(Duration.ofSeconds(60)).until(() -> sockets(serverPid) >= 2);
    }

    private static long sockets(long pid) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().startsWith("socket:");
                } catch (IOException e) {
                    return false; // closed while listed
                }
            }).count();
        }
    }
}
