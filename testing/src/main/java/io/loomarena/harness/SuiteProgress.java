package io.loomarena.harness;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How far each suite of this test JVM has come: how many of its combinations are measured and, when the number the
 * run selected is known ({@link #plan}), an estimate of the time left (the mean time per combination so far, times
 * the combinations left). A combination can take minutes, so the console says so between them, as JMH prints its
 * progress. Thread-safe; one instance per test JVM ({@link #shared()}), because the part that counts the selected
 * scenarios (a test-plan listener) and the part that measures them (the steps) are created apart.
 */
public final class SuiteProgress {

    private static final SuiteProgress SHARED = new SuiteProgress();

    /** A progress of its own, apart from {@link #shared()} (tests count combinations without the run's). */
    public SuiteProgress() {
    }

    private final Map<String, Integer> planned = new ConcurrentHashMap<>();
    private final Map<String, long[]> done = new ConcurrentHashMap<>();

    /** The test JVM's instance. */
    public static SuiteProgress shared() {
        return SHARED;
    }

    /** This run selected {@code combinations} combinations of {@code suite}. */
    public void plan(String suite, int combinations) {
        planned.put(suite, combinations);
    }

    /**
     * Records one more measured combination of {@code suite} that took {@code took}, and returns the line to print:
     * {@code [PERF] echo: 3 of 8 combinations done, about 1 min 20 s left}.
     */
    public String combinationDone(String suite, Duration took) {
        return combinationsDone(suite, 1, took);
    }

    /** Like {@link #combinationDone}, for {@code measured} combinations measured together (interleaved) in {@code took}. */
    public String combinationsDone(String suite, int measured, Duration took) {
        long[] counts = done.compute(suite, (key, old) -> old == null ? new long[] {measured, took.toNanos()}
                : new long[] {old[0] + measured, old[1] + took.toNanos()});
        long count = counts[0];
        Integer total = planned.get(suite);
        if (total == null || total < count) {
            return String.format(Locale.ROOT, "[PERF] %s: %d combination%s done", suite, count, count == 1 ? "" : "s");
        }
        long left = Math.round((double) counts[1] / count * (total - count) / 1e9);
        return String.format(Locale.ROOT, "[PERF] %s: %d of %d combinations done, %s", suite, count, total,
                total == count ? "suite complete" : "about " + minutes(left) + " left");
    }

    private static String minutes(long seconds) {
        return seconds < 60 ? seconds + " s" : seconds / 60 + " min " + seconds % 60 + " s";
    }
}
