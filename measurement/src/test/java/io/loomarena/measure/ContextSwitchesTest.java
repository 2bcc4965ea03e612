package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;

class ContextSwitchesTest {

    private static final int HANDOFFS = 200;

    @Test
    void countsTheSwitchesOfModelThreadsThatHaveEndedBeforeTheReading() throws InterruptedException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux /proc");
        long before = ContextSwitches.total().orElseThrow();

        // Two threads each park 1 ms at a time: every park blocks in the kernel, a voluntary switch. (A hand-off through
        // a SynchronousQueue was tried first: on an idle machine it spins instead of blocking and counted 136 of 500.)
        // Both end before the second reading, as a connection's thread ends before the server is asked for figures.
        ThreadFactory factory = ModelThreads.factory("switches-test", false);
        List<Thread> threads = new ArrayList<>();
        threads.add(factory.newThread(ContextSwitchesTest::parkRepeatedly));
        threads.add(factory.newThread(ContextSwitchesTest::parkRepeatedly));
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }

        long after = ContextSwitches.total().orElseThrow();
        assertThat(after - before).as("switches of two ended threads that parked %d times each", HANDOFFS)
                .isGreaterThanOrEqualTo(HANDOFFS);
    }

    @Test
    void readsAThreadsIdAndBothCountersFromItsStatus() {
        assumeTrue(Files.isRegularFile(Path.of("/proc/thread-self/status")), "needs Linux /proc");

        long[] counts = ContextSwitches.counts(Path.of("/proc/thread-self/status"));

        assertThat(counts).isNotNull();
        assertThat(counts[0]).isPositive();
        assertThat(counts[1]).isNotNegative();
        assertThat(ContextSwitches.counts(Path.of("/proc/self/task/0/status"))).as("a thread that is gone").isNull();
    }

    private static void parkRepeatedly() {
        for (int i = 0; i < HANDOFFS; i++) {
            LockSupport.parkNanos(1_000_000L);
        }
    }
}
