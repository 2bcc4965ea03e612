package io.loomarena.harness.capacity;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.loomarena.measure.SendLag;

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
 * @param sendLag           how late the client sent against its schedule and the rate it sent in the window; null
 *                          when the client did not measure it
 * @param serverCpuCores    the server's CPU time over the iteration per second of it (1.0: one core busy); null
 *                          when the server could not say
 * @param verdict           what the step says about the rate
 * @param why               the verdict in words, with the figures it rests on
 */
public record CapacityStep(int number, double offeredRate, double achievedRate, long operations,
                           Map<String, Long> errors, double percentileMicros, double p50Micros, double maxMicros,
                           Double clientCpuLoad, SendLag sendLag, Double serverCpuCores, Verdict verdict, String why) {

    /** What a step says about its rate. */
    public enum Verdict {
        /** The objective held, the rate was achieved and the client kept its schedule with CPU to spare. */
        KEPT,
        /** The objective broke while the client kept its schedule with CPU to spare: the server could not keep it. */
        BROKEN,
        /** The client was the limit: no CPU to spare, it sent late, or it could not send the rate. */
        CLIENT_LIMITED,
    }

    public CapacityStep {
        errors = java.util.Collections.unmodifiableMap(new TreeMap<>(errors));
    }

    /**
     * What the client measured of a step besides the latency.
     *
     * @param cpuLoad     its CPU time over the iteration as a share of its processors; null when unknown
     * @param sendLag     how late it sent and the rate it sent; null when unknown
     * @param connections how many connections carried the rate
     */
    public record Client(Double cpuLoad, SendLag sendLag, int connections) {
    }

    /**
     * The step whose figures are these, judged. Client-limited, never a server knee, when:
     * <ol>
     * <li>the client had no CPU to spare (its own queueing would be counted as the server's latency);</li>
     * <li>it sent late by itself: the p99 of its own send lag (once a request was due and its connection free)
     * exceeded the tolerated share of the objective's latency;</li>
     * <li>its connections could not carry the rate within the objective ({@code connections / rate} below the
     * objective's latency: even answers within the objective hold each connection past its next due time), and it
     * fell behind: its p99 send lag (behind the due times) above the tolerated share of the objective's latency, or
     * a sent rate short of the offered one. With connections enough, requests held back by busy connections mean
     * answers later than the objective allows: the server's doing, judged by the objective;</li>
     * <li>the answers were on time (the objective held) but fewer were answered or sent than the rate asks.</li>
     * </ol>
     * Otherwise kept or broken by the objective.
     */
    public static CapacityStep judge(int number, double offeredRate, double achievedRate, long operations,
                                     Map<String, Long> errors, double percentileMicros, double p50Micros,
                                     double maxMicros, Client client, Double serverCpuCores,
                                     LatencyObjective objective, SearchSettings settings) {
        long failed = errors.values().stream().mapToLong(Long::longValue).sum();
        boolean kept = objective.keptBy(percentileMicros, failed);
        double floor = offeredRate * (1 - settings.rateTolerance());
        SendLag lag = client.sendLag();
        boolean sentShort = lag != null && lag.sentRate() < floor;
        boolean rateShort = achievedRate < floor || sentShort;
        double lagLimitMicros = objective.limitMicros() * settings.sendLagTolerance();
        double intervalMicros = client.connections() * 1e6 / offeredRate;
        String figures = figures(offeredRate, achievedRate, percentileMicros, failed, client, objective);
        Verdict verdict = Verdict.CLIENT_LIMITED;
        String why;
        if (client.cpuLoad() != null && client.cpuLoad() >= settings.clientCpuLimit()) {
            why = String.format(Locale.ROOT, "the client had no CPU to spare (at least %.0f%%): ",
                    settings.clientCpuLimit() * 100) + figures;
        } else if (lag != null && lag.ownP99Micros() > lagLimitMicros) {
            why = String.format(Locale.ROOT, "the client sent late by itself (its own p99 send lag above %.0f%% of the"
                    + " objective's %s): ", settings.sendLagTolerance() * 100, objective.limitText()) + figures;
        } else if (intervalMicros < objective.limitMicros()
                && (sentShort || lag != null && lag.p99Micros() > lagLimitMicros)) {
            why = String.format(Locale.ROOT, "its %d connections cannot carry the rate: each must send every %s, less"
                    + " than the objective's %s, and the client fell behind: ", client.connections(),
                    millis(intervalMicros), objective.limitText()) + figures;
        } else if (kept && rateShort) {
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
                maxMicros, client.cpuLoad(), lag, serverCpuCores, verdict, why);
    }

    private static String figures(double offeredRate, double achievedRate, double percentileMicros, long failed,
                                  Client client, LatencyObjective objective) {
        SendLag lag = client.sendLag();
        return String.format(Locale.ROOT, "%s %s, %d errors, achieved %.0f of %.0f req/s, %s, client CPU %s",
                objective.percentileName(), millis(percentileMicros), failed, achievedRate, offeredRate,
                lag == null ? "send lag unknown" : String.format(Locale.ROOT,
                        "sent %.0f req/s, send lag p99 %s (own %s)", lag.sentRate(), millis(lag.p99Micros()),
                        millis(lag.ownP99Micros())),
                client.cpuLoad() == null ? "unknown" : String.format(Locale.ROOT, "%.0f%%", client.cpuLoad() * 100));
    }

    private static String millis(double micros) {
        return String.format(Locale.ROOT, "%.2f ms", micros / 1e3);
    }

    /** {@code step 3: 400 req/s: objective kept: p99 12.10 ms, ...}. */
    public String line() {
        return String.format(Locale.ROOT, "step %d: %.0f req/s: %s", number, offeredRate, why);
    }
}
