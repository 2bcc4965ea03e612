package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;

import org.junit.jupiter.api.Test;

class ContextSwitchesTest {

    private static final int HANDOFFS = 500;

    @Test
    void countsTheSwitchesOfModelThreadsThatHaveEndedBeforeTheReading() throws InterruptedException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux /proc");
        long before = ContextSwitches.total().orElseThrow();

        // Two threads hand a token back and forth: each blocking take is a voluntary switch. Both end before the
        // second reading, as a connection's thread ends before the server is asked for its figures.
        ThreadFactory factory = ModelThreads.factory("switches-test", false);
        SynchronousQueue<Integer> ping = new SynchronousQueue<>();
        SynchronousQueue<Integer> pong = new SynchronousQueue<>();
        List<Thread> threads = new ArrayList<>();
        threads.add(factory.newThread(() -> relay(ping, pong, true)));
        threads.add(factory.newThread(() -> relay(pong, ping, false)));
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }

        long after = ContextSwitches.total().orElseThrow();
        assertThat(after - before).as("switches of two ended threads that blocked %d times each", HANDOFFS)
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

    private static void relay(SynchronousQueue<Integer> in, SynchronousQueue<Integer> out, boolean starts) {
        try {
            if (starts) {
                out.put(0);
            }
            for (int i = 0; i < HANDOFFS; i++) {
                int token = in.take();
                if (starts && i == HANDOFFS - 1) {
                    return;
                }
                out.put(token + 1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
