package io.loomarena.pitfall;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Sessions that block inside {@code synchronized}: {@code sessions} virtual threads, each holding its own monitor (no
 * contention: nothing but pinning can serialize them) while it waits {@code blockMillis}, as a JDBC call or a
 * blocking client call inside a synchronized method would. On JDK 21 a virtual thread that parks while it holds a
 * monitor pins its carrier (one {@code jdk.VirtualThreadPinned} event per block), so at most {@code parallelism}
 * sessions block at once and the throughput falls to about parallelism / block time; from JDK 24 on (JEP 491) it
 * unmounts and every session blocks at the same time. The most sessions blocked at once ({@code peakBlockedAtOnce})
 * tells the two apart on any machine: pinned, it cannot exceed the parallelism.
 */
final class SynchronizedSleep implements Pitfall {

    private static final int MAX_SESSIONS = 100_000;
    private static final int MAX_BLOCK_MILLIS = 1_000;

    private final int sessions;
    private final int blockMillis;

    SynchronizedSleep(Map<String, String> settings) {
        sessions = PitfallMain.number(settings, "sessions", 1, MAX_SESSIONS);
        blockMillis = PitfallMain.number(settings, "blockMillis", 1, MAX_BLOCK_MILLIS);
    }

    @Override
    public List<String> events() {
        return List.of("jdk.VirtualThreadPinned");
    }

    @Override
    public Map<String, Object> run() throws InterruptedException {
        PlatformThreads threads = PlatformThreads.resetPeak();
        long start = System.nanoTime();
        List<Thread> started = new ArrayList<>(sessions);
        BlockedAtOnce blocked = new BlockedAtOnce();
        for (int i = 0; i < sessions; i++) {
            started.add(Thread.ofVirtual().name("pitfall-session-" + i).start(new Session(blockMillis, blocked)::call));
        }
        for (Thread thread : started) {
            thread.join();
        }
        long elapsed = System.nanoTime() - start;
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("sessions", sessions);
        result.put("blockMillis", blockMillis);
        result.put("elapsedNanos", elapsed);
        result.put("peakPlatformThreads", threads.peak());
        result.put("peakBlockedAtOnce", blocked.peak());
        return result;
    }

    /** One session: its own monitor, held while it blocks. */
    private static final class Session {

        private final int blockMillis;
        private final BlockedAtOnce blocked;

        Session(int blockMillis, BlockedAtOnce blocked) {
            this.blockMillis = blockMillis;
            this.blocked = blocked;
        }

        synchronized void call() {
            blocked.enter();
            try {
                // Stands for a blocking call made while holding the monitor (the pitfall itself).
                TimeUnit.MILLISECONDS.sleep(blockMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                blocked.leave();
            }
        }
    }
}
