package io.loomarena.harness.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessJvm;
import io.loomarena.harness.fake.FakePlans;

class CrossCpuProbeTest {

    @TempDir
    Path results;

    @Test
    void readsARoundTripBetweenTheTwoPinnedCpusAndLeavesNothingRunning() {
        CpuPinning pinning = CpuPinning.detect(true);
        assumeTrue(pinning.applied(), "needs taskset and two CPUs: " + pinning.warning());
        HarnessJvm jvm = FakePlans.settings(results).jvm();

        OptionalDouble nanos = CrossCpuProbe.of(pinning, jvm, Launcher.LOCAL).orElseThrow().measure();

        // A cache line's round trip between two CPUs: tens to hundreds of nanoseconds, never zero, never a second.
        assertThat(nanos).isPresent();
        assertThat(nanos.getAsDouble()).isBetween(1.0, 100_000.0);
        assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive)).isEmpty();
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

        assertThat(CrossCpuProbe.of(pinning, broken, Launcher.LOCAL).orElseThrow().measure()).isEmpty();
    }
}
