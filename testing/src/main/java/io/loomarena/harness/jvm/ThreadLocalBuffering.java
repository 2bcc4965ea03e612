package io.loomarena.harness.jvm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.JavaRuntime;

/**
 * The pitfall "ThreadLocal-cached buffers with a virtual thread per task": {@code threads} virtual threads each fill a
 * buffer of {@code bufferBytes} from a {@code ThreadLocal} or from a shared pool of {@code poolSize}, then wait alive,
 * in a fresh JVM of the JDK. The arithmetic asserted: thread-local, one buffer per thread is made, and the live heap
 * while they wait has grown by at least threads x bufferBytes (every buffer is reachable from its thread); pooled, at
 * most poolSize buffers are made, so the buffers hold at most poolSize x bufferBytes whatever the threads. The heap per
 * thread is printed. The same on every JDK. Immutable.
 *
 * @param threads     virtual threads, alive at once
 * @param bufferBytes each buffer's size
 * @param poolSize    the shared pool's buffers
 * @param threadLocal buffers from a ThreadLocal (else from the pool)
 */
public record ThreadLocalBuffering(int threads, int bufferBytes, int poolSize, boolean threadLocal) {

    private static final String NAME = "thread-local-buffers";

    public ThreadLocalBuffering {
        if (threads < 1 || bufferBytes < 1 || poolSize < 1) {
            throw new HarnessException("thread-local buffers need threads, buffer size and pool size >= 1, got "
                    + threads + ", " + bufferBytes + " bytes, " + poolSize);
        }
    }

    /** The bytes of buffer the threads keep at least (thread-local) or at most (pool). */
    public long bufferBound() {
        return (long) (threadLocal ? threads : poolSize) * bufferBytes;
    }

    /** Runs it on {@code jdk}, its recording kept in {@code folder}. */
    public Result runOn(JavaRuntime jdk, HarnessSettings harness, Path folder) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("threads", threads);
        settings.put("bufferBytes", bufferBytes);
        settings.put("poolSize", poolSize);
        settings.put("buffers", threadLocal ? "threadlocal" : "pool");
        PitfallRun.Outcome outcome = PitfallRun.run(jdk, harness, NAME + "-" + settings.get("buffers"), NAME,
                settings, List.of(), folder, Duration.ofSeconds(120));
        return new Result(this, outcome);
    }

    /**
     * One run's figures and what is wrong with it.
     *
     * @param pitfall what ran
     * @param outcome what the program and JFR reported
     */
    public record Result(ThreadLocalBuffering pitfall, PitfallRun.Outcome outcome) implements PitfallResult {

        /** How much the live heap grew while the threads waited with their buffers. */
        public long heapGrowth() {
            return outcome.number("heapWaitingBytes") - outcome.number("heapBeforeBytes");
        }

        /** Thread-local: a buffer per thread, all reachable. Pool: no more buffers than the pool holds. */
        @Override
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            long made = outcome.number("buffersMade");
            if (pitfall.threadLocal()) {
                if (made != pitfall.threads()) {
                    wrong.add(made + " buffers made, expected one per thread (" + pitfall.threads() + ")");
                }
                if (heapGrowth() < pitfall.bufferBound()) {
                    wrong.add("the live heap grew by " + heapGrowth() + " bytes, under the " + pitfall.bufferBound()
                            + " bytes of buffers the threads hold");
                }
            } else if (made > pitfall.poolSize()) {
                wrong.add(made + " buffers made, more than the pool's " + pitfall.poolSize());
            }
            return wrong;
        }

        @Override
        public String line() {
            JavaRuntime jdk = outcome.jdk();
            return String.format(Locale.ROOT, "[JVM] %s on JDK %s (%s): %d virtual threads, buffers of %d bytes %s:"
                            + " %d buffers made; live heap %.1f MiB before, %.1f MiB with every thread waiting"
                            + " (+%.1f MiB, %.0f bytes per thread); buffers %s %.1f MiB",
                    NAME, jdk.version(), jdk.vendor(), pitfall.threads(), pitfall.bufferBytes(),
                    pitfall.threadLocal() ? "in a ThreadLocal" : "from a pool of " + pitfall.poolSize(),
                    outcome.number("buffersMade"), outcome.number("heapBeforeBytes") / MIB,
                    outcome.number("heapWaitingBytes") / MIB, heapGrowth() / MIB,
                    (double) heapGrowth() / pitfall.threads(),
                    pitfall.threadLocal() ? "at least threads x size =" : "at most pool x size =",
                    pitfall.bufferBound() / MIB);
        }

        private static final double MIB = 1024.0 * 1024.0;
    }
}
