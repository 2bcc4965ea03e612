package io.loomarena.pitfall;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** One pitfall's workload: bounded, run once, its figures returned by name. */
interface Pitfall {

    /** The JFR events that are this pitfall's evidence. */
    List<String> events();

    /** Runs the workload and returns what it measured, in print order. */
    Map<String, Object> run() throws Exception;

    /** The pitfalls by their command-line name. */
    enum Name {
        SYNCHRONIZED_SLEEP(SynchronizedSleep::new),
        FILE_READ(BlockingFileRead::new),
        FANOUT(FanoutCalls::new),
        POLLER_ECHO(PollerEcho::new),
        CPU_BOUND(CpuBoundLoops::new),
        THREAD_LOCAL_BUFFERS(ThreadLocalBuffers::new);

        private final Function<Map<String, String>, Pitfall> factory;

        Name(Function<Map<String, String>, Pitfall> factory) {
            this.factory = factory;
        }

        /** {@code synchronized-sleep} for {@code SYNCHRONIZED_SLEEP}. */
        String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        Pitfall create(Map<String, String> settings) {
            return factory.apply(settings);
        }

        static Name of(String word) {
            for (Name name : values()) {
                if (name.word().equals(word)) {
                    return name;
                }
            }
            throw new IllegalArgumentException("unknown pitfall '" + word + "'");
        }
    }
}
