package io.loomarena.harness.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessJvm;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.fake.FakePlans;

class CrossCpuProbeTest {

    @TempDir
    Path results;

    @Test
    void readsARoundTripBetweenTheTwoPinnedCpusAndLeavesNothingRunning() {
        CpuPinning pinning = CpuPinning.detect(true);
        assumeTrue(pinning.applied(), "needs taskset and two CPUs: " + pinning.warning());
        HarnessJvm jvm = FakePlans.settings(results).jvm();

        OptionalDouble nanos;
        try (CrossCpuProbe probe = CrossCpuProbe.of(pinning, jvm, Launcher.LOCAL).orElseThrow()) {
            nanos = probe.measure();
        }

        // A cache line's round trip between two CPUs: tens to hundreds of nanoseconds, never zero, never a second.
        assertThat(nanos).isPresent();
        assertThat(nanos.getAsDouble()).isBetween(1.0, 100_000.0);
        assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive)).isEmpty();
    }

    @Test
    void oneProbeGivesReadingAfterReadingFromJvmsThatStayUntilItCloses() {
        CpuPinning pinning = CpuPinning.detect(true);
        assumeTrue(pinning.applied(), "needs taskset and two CPUs: " + pinning.warning());
        HarnessJvm jvm = FakePlans.settings(results).jvm();
        List<Long> millis = new ArrayList<>();
        List<Double> nanos = new ArrayList<>();
        List<List<Long>> pairs = new ArrayList<>();

        try (CrossCpuProbe probe = CrossCpuProbe.of(pinning, jvm, Launcher.LOCAL).orElseThrow()) {
            for (int reading = 1; reading <= 5; reading++) {
                long start = System.nanoTime();
                OptionalDouble value = probe.measure();
                millis.add((System.nanoTime() - start) / 1_000_000);
                assertThat(value).as("reading %d", reading).isPresent();
                nanos.add(value.getAsDouble());
                pairs.add(probeJvms().stream().map(ProcessHandle::pid).sorted().toList());
            }
        }
        System.out.println("[cross-CPU probe] readings " + nanos + " ns, taking " + millis + " ms");

        assertThat(nanos).allSatisfy(value -> assertThat(value).isBetween(1.0, 100_000.0));
        // The first reading starts the two JVMs; the others only wake them: the same two processes answer every
        // reading (how long a reading takes is printed above, not judged: it depends on the machine).
        assertThat(pairs.get(0)).as("the pair of the first reading").hasSize(2);
        assertThat(pairs).as("the pair stays between readings").containsOnly(pairs.get(0));
        assertThat(probeJvms()).as("closing ends the pair").isEmpty();
    }

    @Test
    void aPairWhoseJvmDiedIsReplacedByAFreshOne() {
        CpuPinning pinning = CpuPinning.detect(true);
        assumeTrue(pinning.applied(), "needs taskset and two CPUs: " + pinning.warning());
        HarnessJvm jvm = FakePlans.settings(results).jvm();

        try (CrossCpuProbe probe = CrossCpuProbe.of(pinning, jvm, Launcher.LOCAL).orElseThrow()) {
            assertThat(probe.measure()).isPresent();
            ProcessHandle answerer = probeJvms().stream()
                    .filter(p -> commandLine(p).contains(" answer ")).findFirst().orElseThrow();
            answerer.destroyForcibly();
            assertThat(answerer.onExit()).succeedsWithin(Duration.ofSeconds(10));

            // The reading that finds the pair broken may fail (empty, never a guess); the next one has a fresh pair.
            OptionalDouble broken = probe.measure();
            OptionalDouble fresh = probe.measure();

            broken.ifPresent(value -> assertThat(value).isBetween(1.0, 100_000.0));
            assertThat(fresh).isPresent();
            assertThat(fresh.getAsDouble()).isBetween(1.0, 100_000.0);
            assertThat(probeJvms()).hasSize(2).doesNotContain(answerer);
        }
        assertThat(probeJvms()).isEmpty();
    }

    @Test
    void aProbeWithoutAReadingStartsNothingAndClosesQuietly() {
        CpuPinning pinning = CpuPinning.detect(true);
        assumeTrue(pinning.applied(), "needs taskset and two CPUs: " + pinning.warning());

        CrossCpuProbe.of(pinning, FakePlans.settings(results).jvm(), Launcher.LOCAL).orElseThrow().close();

        assertThat(probeJvms()).isEmpty();
    }

    @Test
    void noProbeWithoutTwoPinnedCpus() {
        HarnessJvm jvm = FakePlans.settings(results).jvm();

        assertThat(CrossCpuProbe.of(CpuPinning.notApplied("one CPU"), jvm, Launcher.LOCAL)).isEmpty();
        CpuPinning two = CpuPinning.decide(Optional.of(Path.of("/usr/bin/taskset")), List.of(0, 1));
        Launcher otherHost = new Launcher() {
            @Override
            public String host() {
                return "elsewhere";
            }

            @Override
            public List<String> wrap(List<String> command) {
                return command;
            }

            @Override
            public String fileFor(Path localFile) {
                return localFile.toString();
            }

            @Override
            public void fetch(String file, Path localFile) {
            }

            @Override
            public boolean remote() {
                return true;
            }
        };
        assertThat(CrossCpuProbe.of(two, jvm, otherHost)).isEmpty();
    }

    @Test
    void aLeaderWhoseAnswererNeverComesGivesNoReading() {
        CpuPinning pinning = CpuPinning.detect(true);
        assumeTrue(pinning.applied(), "needs taskset and two CPUs: " + pinning.warning());
        // A probe whose answerer cannot start (no such java) reads nothing instead of waiting forever or guessing.
        HarnessJvm real = FakePlans.settings(results).jvm();
        HarnessJvm broken = new HarnessJvm(Path.of("/nonexistent/java"), real.classPath(), real.version(),
                real.vendor(), real.vm(), real.osName(), real.os());

        try (CrossCpuProbe probe = CrossCpuProbe.of(pinning, broken, Launcher.LOCAL).orElseThrow()) {
            assertThat(probe.measure()).isEmpty();
        }
    }

    @Test
    void aSideRefusesBadArgumentsAndUnknownLinesWithExitCode2() throws IOException {
        HarnessJvm jvm = FakePlans.settings(results).jvm();
        JvmFork fork = JvmFork.ofHarnessJvm(jvm, List.of("-Xmx16m"), CpuPinning.notApplied("not needed"));
        Path file = Files.write(results.resolve("shared.bin"), new byte[256]);

        try (ChildProcess badMode = fork.start("bad mode", JvmLaunch.of(CrossCpuProbeChild.class.getName(), "bounce",
                file.toString()), CpuPinning.Role.SERVER, line -> { })) {
            assertThat(badMode.awaitExit(Duration.ofSeconds(30))).isTrue();
            assertThat(badMode.exitValue()).isEqualTo(2);
            assertThat(badMode.stderrTail()).contains("usage: CrossCpuProbe lead|answer FILE");
        }
        try (ChildProcess answerer = fork.start("bad line", JvmLaunch.of(CrossCpuProbeChild.class.getName(), "answer",
                file.toString()), CpuPinning.Role.CLIENT, line -> { })) {
            answerer.sendLine("probe zero");
            assertThat(answerer.awaitExit(Duration.ofSeconds(30))).isTrue();
            assertThat(answerer.exitValue()).isEqualTo(2);
        }
    }

    /** The probe JVMs this test JVM runs now. */
    private static List<ProcessHandle> probeJvms() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> commandLine(p).contains(CrossCpuProbe.class.getName())).toList();
    }

    /** Read from /proc: {@code ProcessHandle.Info.commandLine()} is often empty on Linux (pinning needs Linux). */
    private static String commandLine(ProcessHandle process) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline")).replace('\0', ' ');
        } catch (IOException e) {
            return ""; // it exited meanwhile
        }
    }
}
