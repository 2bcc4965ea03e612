package io.loomarena.harness.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.JavaRuntime;

/** The buffer arithmetic and its checks on made-up outcomes. */
class ThreadLocalBufferingTest {

    private static final JavaRuntime JDK = new JavaRuntime(Path.of("/jdk/bin/java"), "25.0.3", 25, "Temurin", "vm");
    private static final ThreadLocalBuffering LOCAL = new ThreadLocalBuffering(10_000, 16_384, 16, true);
    private static final ThreadLocalBuffering POOL = new ThreadLocalBuffering(10_000, 16_384, 16, false);

    private static ThreadLocalBuffering.Result result(ThreadLocalBuffering pitfall, long made, long grownBy) {
        Map<String, String> figures = Map.of("buffersMade", String.valueOf(made), "heapBeforeBytes", "5000000",
                "heapWaitingBytes", String.valueOf(5_000_000 + grownBy));
        return new ThreadLocalBuffering.Result(pitfall, new PitfallRun.Outcome(JDK, List.of(), figures,
                new JfrEvidence(Map.of(), Map.of()), Path.of("x.jfr")));
    }

    @Test
    void theBoundIsABufferPerThreadOrThePoolsBuffers() {
        assertThat(LOCAL.bufferBound()).isEqualTo(163_840_000L);
        assertThat(POOL.bufferBound()).isEqualTo(262_144L);
    }

    @Test
    void aBufferPerThreadAllReachableIsTheThreadLocalVerdict() {
        ThreadLocalBuffering.Result result = result(LOCAL, 10_000, 190_000_000);
        assertThat(result.departures()).isEmpty();
        assertThat(result.line()).endsWith("10000 virtual threads, buffers of 16384 bytes in a ThreadLocal: 10000"
                + " buffers made; live heap 4.8 MiB before, 186.0 MiB with every thread waiting (+181.2 MiB, 19000"
                + " bytes per thread); buffers at least threads x size = 156.3 MiB");
    }

    @Test
    void fewerBuffersOrLessHeapThanTheThreadsHoldIsNamed() {
        assertThat(result(LOCAL, 9_000, 100_000_000).departures()).containsExactly(
                "9000 buffers made, expected one per thread (10000)",
                "the live heap grew by 100000000 bytes, under the 163840000 bytes of buffers the threads hold");
    }

    @Test
    void aPoolThatMadeMoreBuffersThanItHoldsIsNamed() {
        assertThat(result(POOL, 16, 22_000_000).departures()).isEmpty();
        assertThat(result(POOL, 17, 22_000_000).departures()).containsExactly("17 buffers made, more than the"
                + " pool's 16");
    }

    @Test
    void nonsenseSettingsAreOneLine() {
        assertThatThrownBy(() -> new ThreadLocalBuffering(0, 16_384, 16, true)).isInstanceOf(HarnessException.class)
                .hasMessage("thread-local buffers need threads, buffer size and pool size >= 1, got 0, 16384 bytes, 16");
    }
}
