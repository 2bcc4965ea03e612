package io.loomarena.http.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.loomarena.measure.IterationLoop;
import io.loomarena.model.ClientModel;

/**
 * One run of the {@code load} command, validated. Three arrival models:
 * <ul>
 * <li><b>closed</b> ({@code rate == 0}, no ramp): each connection sends its next request when the previous answer is
 * in; {@code requests} in total (a shared countdown) or for {@code duration};</li>
 * <li><b>open</b> ({@code rate > 0}): requests are due on a {@link RateSchedule} whatever the answers, latency counts
 * from the due time; bounded by {@code requests} or {@code duration};</li>
 * <li><b>ramp</b>: {@link Ramp#users()} users, one connection and one request each; {@code connections} and
 * {@code requests} equal the number of users.</li>
 * </ul>
 * Each of the {@code plan}'s iterations is that whole run again, on new connections ({@link LoadCommand}). Immutable.
 *
 * @param client         thread model of the client
 * @param target         what to request
 * @param connections    concurrent connections (one thread each), 1..{@link LoadDefaults#MAX_CONNECTIONS}
 * @param requests       total requests, or 0 when the run is bounded by {@code duration}
 * @param duration       how long to send, or null when bounded by {@code requests}
 * @param rate           open-model requests per second over all connections, 0 for the closed model
 * @param ramp           the user ramp, or null
 * @param keepAlive      whether connections are reused (false: {@code Connection: close}, one connection per request)
 * @param timeout        connect timeout, socket read timeout and longest time one response may take
 * @param json           where to write the {@link io.loomarena.measure.RunResult}, or null
 * @param tolerateErrors whether failed requests still exit 0
 * @param plan           warmup and measured iterations of the run
 * @param paced          whether each iteration waits for the harness's {@code go} on stdin
 *                       ({@link IterationLoop.IterationPacer#onStdio})
 */
public record LoadConfig(ClientModel client, Target target, int connections, long requests, Duration duration,
                         double rate, Ramp ramp, boolean keepAlive, Duration timeout, Path json,
                         boolean tolerateErrors, IterationLoop.Plan plan, boolean paced) {

    /** A run of one iteration, not paced: what {@code load} does without the iteration options. */
    public LoadConfig(ClientModel client, Target target, int connections, long requests, Duration duration,
                      double rate, Ramp ramp, boolean keepAlive, Duration timeout, Path json, boolean tolerateErrors) {
        this(client, target, connections, requests, duration, rate, ramp, keepAlive, timeout, json, tolerateErrors,
                IterationLoop.Plan.single(), false);
    }

    public LoadConfig {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (ramp != null) {
            if (duration != null || rate != 0 || connections != ramp.users() || requests != ramp.users()) {
                throw new IllegalArgumentException("a ramp sets connections and requests to its users, nothing else");
            }
        } else {
            if (connections < 1 || connections > LoadDefaults.MAX_CONNECTIONS) {
                throw new IllegalArgumentException("connections must be 1.." + LoadDefaults.MAX_CONNECTIONS);
            }
            if ((requests > 0) == (duration != null) || requests < 0) {
                throw new IllegalArgumentException("exactly one of requests and duration must be given");
            }
            if (rate < 0 || Double.isNaN(rate) || Double.isInfinite(rate)) {
                throw new IllegalArgumentException("rate must be >= 0: " + rate);
            }
        }
    }

    /** The same run against {@code other} (a target {@linkplain Target#revalidating revalidating} an ETag). */
    public LoadConfig withTarget(Target other) {
        return new LoadConfig(client, other, connections, requests, duration, rate, ramp, keepAlive, timeout, json,
                tolerateErrors, plan, paced);
    }

    /** Whether requests follow a schedule ({@code --rate} or {@code --ramp}) instead of the previous answer. */
    public boolean open() {
        return rate > 0 || ramp != null;
    }

    /** The schedule of an open-model run; only when {@code rate > 0}. */
    public RateSchedule schedule() {
        if (rate <= 0) {
            throw new IllegalStateException("not a rate-driven run");
        }
        return new RateSchedule(rate, connections);
    }

    /** Whether a connection carries more than one request (never for a ramp user). */
    public boolean reusesConnections() {
        return keepAlive && ramp == null;
    }

    /**
     * The workload parameters for the summary, keys in the order docs/architecture.md fixes. They describe one iteration; how
     * many ran is in the summary's {@code iterations}, and warmups are not part of what was measured.
     */
    public Map<String, Object> workload() {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("url", target.url());
        workload.put("connections", connections);
        workload.put("requests", requests > 0 ? requests : null);
        workload.put("duration", duration == null ? null : ArgumentValues.formatDuration(duration));
        workload.put("rate", rate > 0 ? rate : null);
        workload.put("ramp", ramp == null ? null : ramp.label());
        workload.put("keepAlive", reusesConnections());
        if (target.conditional()) {
            workload.put("ifNoneMatch", target.ifNoneMatch()); // only then: other runs' summaries keep their keys
        }
        return workload;
    }
}
