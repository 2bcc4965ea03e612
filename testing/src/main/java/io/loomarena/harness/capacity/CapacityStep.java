package io.loomarena.harness.capacity;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One step of a capacity search: one rate offered for the objective's window by a warm client to a fresh server JVM,
 * what came of it, and the verdict. Immutable (the summary keeps every step).
 *
 * @param number            1-based, in the order the search ran them
 * @param offeredRate       the rate the client was told to keep, req/s
 * @param achievedRate      requests answered without error per second of the objective's window (the requests due
 *                          in it, answered whenever they were)
 * @param operations        requests answered without error
 * @param errors            failed requests by kind
 * @param percentileMicros  the objective's percentile of the latency, from each request's due time, µs
 * @param p50Micros         the median latency, µs
 * @param maxMicros         the longest latency, µs
 * @param clientCpuLoad     the client's CPU time over the iteration, as a share of its processors; null when unknown
 * @param serverCpuCores    the server's CPU time over the iteration per second of it (1.0: one core busy); null
 *                          when the server could not say
 * @param verdict           what the step says about the rate
 * @param why               the verdict in words, with the figures it rests on
 */
public record CapacityStep(int number, double offeredRate, double achievedRate, long operations,
                           Map<String, Long> errors, double percentileMicros, double p50Micros, double maxMicros,
                           Double clientCpuLoad, Double serverCpuCores, Verdict verdict, String why) {

    /** What a step says about its rate. */
    public enum Verdict {
        /** The objective held, the rate was achieved and the client had CPU to spare. */
        KEPT,
        /** The objective broke while the client had CPU to spare: the server could not keep this rate. */
        BROKEN,
        /** The client was the limit (no CPU to spare, or it fell short of the rate while answers were on time). */
        CLIENT_LIMITED,
    }

    public CapacityStep {
        errors = java.util.Collections.unmodifiableMap(new TreeMap<>(errors));
    }

    /**
     * The step whose figures are these, judged: client-limited when the client had no CPU to spare (its own queueing
     * would be counted as the server's latency) or when it fell short of the rate although the objective held (the
     * server answered on time, so only the client can have been slow); else kept or broken by the objective.
     */
    public static CapacityStep judge(int number, double offeredRate, double achievedRate, long operations,
                                     Map<String, Long> errors, double percentileMicros, double p50Micros,
                                     double maxMicros, Double clientCpuLoad, Double serverCpuCores,
                                     LatencyObjective objective, SearchSettings settings) {
        long failed = errors.values().stream().mapToLong(Long::longValue).sum();
        boolean kept = objective.keptBy(percentileMicros, failed);
        boolean rateShort = achievedRate < offeredRate * (1 - settings.rateTolerance());
        String figures = String.format(Locale.ROOT, "%s %.2f ms, %d errors, achieved %.0f of %.0f req/s, client CPU %s",
                objective.percentileName(), percentileMicros / 1e3, failed, achievedRate, offeredRate,
                clientCpuLoad == null ? "unknown" : String.format(Locale.ROOT, "%.0f%%", clientCpuLoad * 100));
        Verdict verdict;
        String why;
        if (clientCpuLoad != null && clientCpuLoad >= settings.clientCpuLimit()) {
            verdict = Verdict.CLIENT_LIMITED;
            why = String.format(Locale.ROOT, "the client had no CPU to spare (at least %.0f%%): ",
                    settings.clientCpuLimit() * 100) + figures;
        } else if (kept && rateShort) {
            verdict = Verdict.CLIENT_LIMITED;
            why = String.format(Locale.ROOT, "the client fell more than %.0f%% short of the rate while answers were"
                    + " on time: ", settings.rateTolerance() * 100) + figures;
        } else if (kept) {
            verdict = Verdict.KEPT;
            why = "objective kept: " + figures;
        } else {
            verdict = Verdict.BROKEN;
            why = "objective broken: " + figures;
        }
        return new CapacityStep(number, offeredRate, achievedRate, operations, errors, percentileMicros, p50Micros,
                maxMicros, clientCpuLoad, serverCpuCores, verdict, why);
    }

    /** {@code step 3: 400 req/s: objective kept: p99 12.10 ms, ...}. */
    public String line() {
        return String.format(Locale.ROOT, "step %d: %.0f req/s: %s", number, offeredRate, why);
    }
}
