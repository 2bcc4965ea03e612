package io.loomarena.http.load;

import java.util.Locale;
import java.util.stream.Collectors;

import io.loomarena.measure.IterationLoop;
import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;
import io.loomarena.measure.SendLag;

/**
 * Turns a run's {@link LoadRun.Outcome} into the {@link RunResult} of one iteration, and the iterations' report into
 * the short text printed after the last of them (never while one is timed). Stateless.
 */
final class LoadReport {

    /** The {@code tool} field of every result this client writes. */
    static final String TOOL = "http-load";

    private LoadReport() {
    }

    /** The error key of requests a {@code --requests} run did not send because its time bound passed. */
    static final String UNSENT = "unsent";
    /** The error key of a run the client could not complete (a crashed client thread, an interruption). */
    static final String CLIENT_FAILURE = "client_failure";

    /**
     * The run's result. Requests not sent and a failure of the client itself count as errors ({@value #UNSENT},
     * {@value #CLIENT_FAILURE}), so that a run that did not do its whole work never looks like a clean one.
     */
    static RunResult result(LoadConfig config, LoadRun.Outcome outcome) {
        Tallies.Total total = outcome.total();
        java.util.Map<String, Long> errors = new java.util.TreeMap<>(total.errors());
        if (outcome.unsent() > 0) {
            errors.put(UNSENT, outcome.unsent());
        }
        if (outcome.failure() != null) {
            errors.put(CLIENT_FAILURE, 1L);
        }
        RunResult result = new RunResult(TOOL, config.client().cliName(), config.workload(),
                ProcessHandle.current().pid(), outcome.startedAt().toString(), outcome.elapsedNanos(),
                total.successes(), RunResult.throughput(total.successes(), outcome.elapsedNanos()), errors,
                LatencyStats.of(total.latencyMicros()), LatencyHistograms.encode(total.latencyMicros()));
        SendLag lag = sendLag(config, outcome);
        return lag == null ? result : result.withSendLag(lag);
    }

    /**
     * How far a {@code --rate} run kept its schedule; null for the closed and ramp models. The sent rate counts over
     * the configured duration (the window), or over the elapsed time of a {@code --requests} run.
     */
    static SendLag sendLag(LoadConfig config, LoadRun.Outcome outcome) {
        if (config.rate() <= 0 || config.ramp() != null) {
            return null;
        }
        Tallies.Sends sends = outcome.total().sendLag();
        long window = config.requests() > 0 ? outcome.elapsedNanos() : config.duration().toNanos();
        return SendLag.of(sends.sent(), sends.sentInWindow(), Math.max(1, window), sends.lagMicros(),
                sends.ownLagMicros());
    }

    /**
     * A few lines for a person: what ran, how many succeeded, throughput, latency percentiles, errors; with several
     * measured iterations, one line each, and whether the iterations stopped early (an iteration had errors).
     */
    static String text(LoadConfig config, LoadIterations.Report report) {
        RunResult result = report.result();
        LatencyStats l = result.latency();
        IterationLoop.Plan plan = config.plan();
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "http-load: %s client, %s%s, GET %s%s%n",
                config.client().cliName(), shape(config),
                plan.equals(IterationLoop.Plan.single()) ? "" : ", " + iterations(plan), config.target().url(),
                config.target().conditional()
                        ? " with If-None-Match: " + config.target().ifNoneMatch() + " (304 expected)" : ""));
        text.append(String.format(Locale.ROOT, "  %d ok, %d failed in %.3f s: %.1f req/s%n",
                result.operations(), result.totalErrors(), result.elapsedNanos() / 1e9, result.throughput()));
        text.append(String.format(Locale.ROOT,
                "  latency (us): mean %.1f, p50 %d, p90 %d, p95 %d, p99 %d, p99.9 %d, max %d%s%n",
                l.mean(), l.p50(), l.p90(), l.p95(), l.p99(), l.p999(), l.max(),
                config.open() ? " (from the due time)" : ""));
        text.append("  errors: ").append(result.errors().isEmpty() ? "none"
                : result.errors().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(", "))).append(System.lineSeparator());
        if (report.stoppedInWarmup()) {
            text.append("  stopped in ").append(report.last())
                    .append(": it had errors; nothing was measured, the figures above are that warmup's")
                    .append(System.lineSeparator());
        } else {
            if (plan.iterations() > 1) {
                for (RunResult.Iteration it : result.iterations()) {
                    text.append(String.format(Locale.ROOT,
                            "  iteration %d/%d: %d ok, %d failed in %.3f s: %.1f req/s%n", it.index(),
                            plan.iterations(), it.operations(), it.totalErrors(), it.elapsedNanos() / 1e9,
                            it.throughput()));
                }
            }
            if (report.last().index() < plan.iterations()) {
                text.append("  stopped after ").append(report.last()).append(": it had errors")
                        .append(System.lineSeparator());
            }
        }
        SendLag lag = report.stoppedInWarmup() || result.iterations().isEmpty() ? null
                : result.iterations().get(result.iterations().size() - 1).sendLag();
        if (lag != null) {
            text.append(String.format(Locale.ROOT, "  send lag (us, behind the due time): p50 %d, p99 %d, max %d;"
                    + " the client's own (once due and its connection free): p99 %d, max %d%n",
                    lag.p50Micros(), lag.p99Micros(), lag.maxMicros(), lag.ownP99Micros(), lag.ownMaxMicros()));
            text.append(String.format(Locale.ROOT, "  sent %d (%d in the window): %.1f req/s of %.1f offered%s%n",
                    lag.sent(), lag.sentInWindow(), lag.sentRate(), config.rate(),
                    result.iterations().size() > 1 ? " (last iteration)" : ""));
        }
        if (config.open()) {
            text.append("  note: an open model offers a fixed rate; throughput cannot exceed it")
                    .append(System.lineSeparator());
        }
        long unsent = result.errors().getOrDefault(UNSENT, 0L);
        if (unsent > 0) {
            text.append("  warning: ").append(unsent).append(" requests not sent: ").append(config.requests() > 0
                    ? "the run reached its limit of " + ArgumentValues.formatDuration(LoadDefaults.MAX_RUN)
                    : "the client fell more than a window (at most --timeout) behind its schedule")
                    .append(System.lineSeparator());
        }
        return text.toString();
    }

    /** {@code 3 iterations after 2 warmups}. */
    private static String iterations(IterationLoop.Plan plan) {
        String measured = plan.iterations() + (plan.iterations() == 1 ? " iteration" : " iterations");
        return switch (plan.warmupIterations()) {
            case 0 -> measured;
            case 1 -> measured + " after 1 warmup";
            default -> measured + " after " + plan.warmupIterations() + " warmups";
        };
    }

    private static String shape(LoadConfig config) {
        if (config.ramp() != null) {
            return "ramp of " + config.ramp().label() + " users, one request each";
        }
        String bound = config.requests() > 0 ? config.requests() + " requests"
                : ArgumentValues.formatDuration(config.duration());
        String model = config.rate() > 0
                ? String.format(Locale.ROOT, "open model at %.1f req/s", config.rate())
                : "closed model";
        return config.connections() + " connections, " + model + ", " + bound + ", "
                + (config.keepAlive() ? "keep-alive" : "one connection per request");
    }
}
