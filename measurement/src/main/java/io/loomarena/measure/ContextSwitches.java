package io.loomarena.measure;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The context switches of this JVM so far, voluntary and involuntary, from Linux's per-thread counters
 * ({@code voluntary_ctxt_switches} and {@code nonvoluntary_ctxt_switches} of {@code /proc/self/task/<tid>/status}),
 * summed over its threads, including threads that have ended.
 * <p>
 * Why per thread: {@code /proc/self/status} holds the counters of one thread only, the process's first (in a JVM the
 * launcher's thread, which waits in {@code pthread_join} and barely switches), not the process's total. Linux keeps
 * the total of ended threads only for {@code getrusage}, which Java 21 cannot call. So the ended threads are
 * accounted here: a model thread ({@link ModelThreads}) reads its own counters as it ends; any other thread that
 * ended counts with its counters at the last reading that saw it. A thread that is not a model thread and lived
 * entirely between two readings is missed (the JVM's own short-lived threads; none of the servers' connection
 * threads). Thread-safe. Where {@code /proc} does not exist the total is unknown.
 */
public final class ContextSwitches {

    private static final Path TASKS = Path.of("/proc/self/task");
    private static final Path THIS_THREAD = Path.of("/proc/thread-self/status");

    /** Final counts of ended model threads by thread id, written by each thread as it ends. */
    private static final Map<Long, Long> ENDED_MODEL_THREADS = new ConcurrentHashMap<>();
    /**
     * Set by the first reading: until something reads the total, ending threads record nothing, so a server started
     * by hand keeps no record of its connections.
     */
    private static volatile boolean watched;

    private static final Object LOCK = new Object();
    /** Each live thread's counts at the last reading. Guarded by LOCK. */
    private static Map<Long, Long> lastSeen = Map.of();
    /** The counts of threads that ended before the last reading. Guarded by LOCK. */
    private static long ended;

    private ContextSwitches() {
    }

    /** Every context switch of this JVM's threads since it started, ended threads included; empty without /proc. */
    public static OptionalLong total() {
        watched = true;
        synchronized (LOCK) {
            // Read under the lock: a reading older than the last one would take the threads started in between
            // for ended ones and count them twice.
            Map<Long, Long> live = liveThreads();
            if (live == null) {
                return OptionalLong.empty();
            }
            for (Map.Entry<Long, Long> seen : lastSeen.entrySet()) {
                if (!live.containsKey(seen.getKey())) {
                    Long last = ENDED_MODEL_THREADS.remove(seen.getKey());
                    ended += last != null ? last : seen.getValue();
                }
            }
            // Model threads that started and ended since the last reading: only their own last reading knows them.
            for (Iterator<Map.Entry<Long, Long>> it = ENDED_MODEL_THREADS.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<Long, Long> last = it.next();
                if (!live.containsKey(last.getKey())) {
                    ended += last.getValue();
                    it.remove();
                }
            }
            lastSeen = live;
            return OptionalLong.of(ended + live.values().stream().mapToLong(Long::longValue).sum());
        }
    }

    /** {@code task}, then this thread's final counts recorded for {@link #total()}. */
    static Runnable countedAtEnd(Runnable task) {
        return () -> {
            try {
                task.run();
            } finally {
                if (watched) {
                    recordEnd();
                }
            }
        };
    }

    private static void recordEnd() {
        long[] counts = counts(THIS_THREAD);
        if (counts != null) {
            ENDED_MODEL_THREADS.put(counts[0], counts[1]);
        }
    }

    /** Each live thread's switches by thread id, or {@code null} when /proc/self/task cannot be read. */
    private static Map<Long, Long> liveThreads() {
        Map<Long, Long> live = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                long[] counts = counts(task.resolve("status"));
                if (counts != null) {
                    live.put(counts[0], counts[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or /proc is not mounted: the total is unknown, and the summary says so.
            return null;
        }
        return live;
    }

    /** {thread id, voluntary + involuntary switches} of one status file; {@code null} if it is gone or unreadable. */
    static long[] counts(Path status) {
        try {
            long tid = -1;
            long switches = 0;
            int found = 0;
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("Pid:")) {
                    tid = Long.parseLong(line.substring(4).strip());
                } else if (line.startsWith("voluntary_ctxt_switches:")
                        || line.startsWith("nonvoluntary_ctxt_switches:")) {
                    switches += Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
                    found++;
                }
            }
            return tid < 0 || found != 2 ? null : new long[] {tid, switches};
        } catch (IOException | RuntimeException e) {
            // The thread ended while being read: the next reading accounts for it.
            return null;
        }
    }
}
