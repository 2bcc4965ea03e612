package io.loomarena.http.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.measure.IterationLoop;
import io.loomarena.model.ClientModel;

/**
 * The {@code load} command line as the user wrote it (every value a string, null when absent), and the one place that
 * turns it into a {@link LoadConfig} or a one-line {@link BadArgumentException}. Immutable.
 */
public record LoadArguments(String client, String url, String connections, String requests, String duration,
                            String rate, String ramp, boolean noKeepAlive, String json, String timeout,
                            boolean tolerateErrors, boolean allowRemote, String warmupIterations, String iterations,
                            boolean paced, List<String> unknown) {

    public LoadArguments {
        unknown = unknown == null ? List.of() : List.copyOf(unknown);
    }

    /** The command line without the iteration options: one iteration, not paced. */
    public LoadArguments(String client, String url, String connections, String requests, String duration,
                         String rate, String ramp, boolean noKeepAlive, String json, String timeout,
                         boolean tolerateErrors, boolean allowRemote, List<String> unknown) {
        this(client, url, connections, requests, duration, rate, ramp, noKeepAlive, json, timeout, tolerateErrors,
                allowRemote, null, null, false, unknown);
    }

    /**
     * Validates everything and builds the run configuration.
     *
     * @throws BadArgumentException naming the first bad value and what is allowed
     */
    public LoadConfig toConfig() {
        if (!unknown.isEmpty()) {
            throw new BadArgumentException("unknown argument '" + unknown.getFirst() + "'");
        }
        if (client == null) {
            throw BadArgumentException.missing("--client", ClientModel.allowed());
        }
        ClientModel model = ClientModel.fromCliName(client).orElseThrow(() -> BadArgumentException.invalid(
                "--client", client, "not a client model", ClientModel.allowed()));
        Target target = Target.parse(url, allowRemote);
        Duration readTimeout = timeout == null ? LoadDefaults.TIMEOUT
                : ArgumentValues.duration("--timeout", timeout, LoadDefaults.MAX_TIMEOUT);
        Path jsonFile = json == null ? null : Path.of(json);
        IterationLoop.Plan plan = plan();
        if (ramp != null) {
            return rampConfig(model, target, readTimeout, jsonFile, plan);
        }
        if (connections == null) {
            throw BadArgumentException.missing("--connections", "1.." + LoadDefaults.MAX_CONNECTIONS
                    + ", or --ramp USERS/DURATION instead");
        }
        int conns = (int) ArgumentValues.count("--connections", connections, 1, LoadDefaults.MAX_CONNECTIONS);
        if ((requests == null) == (duration == null)) {
            throw new BadArgumentException(requests == null
                    ? "one of --requests N or --duration D is required"
                    : "--requests " + requests + " and --duration " + duration + " exclude each other: give one");
        }
        long total = requests == null ? 0
                : ArgumentValues.count("--requests", requests, 1, LoadDefaults.MAX_REQUESTS);
        Duration period = duration == null ? null
                : ArgumentValues.duration("--duration", duration, LoadDefaults.MAX_DURATION);
        double perSecond = rate == null ? 0 : ArgumentValues.rate("--rate", rate, LoadDefaults.MAX_RATE);
        return new LoadConfig(model, target, conns, total, period, perSecond, null, !noKeepAlive, readTimeout,
                jsonFile, tolerateErrors, plan, paced);
    }

    /** {@code --warmup-iterations} (default 0) and {@code --iterations} (default 1), any arrival model. */
    private IterationLoop.Plan plan() {
        int warmups = warmupIterations == null ? 0 : (int) ArgumentValues.count("--warmup-iterations",
                warmupIterations, 0, LoadDefaults.MAX_ITERATIONS);
        int measured = iterations == null ? 1 : (int) ArgumentValues.count("--iterations", iterations, 1,
                LoadDefaults.MAX_ITERATIONS);
        return new IterationLoop.Plan(warmups, measured);
    }

    private LoadConfig rampConfig(ClientModel model, Target target, Duration readTimeout, Path jsonFile,
                                  IterationLoop.Plan plan) {
        Ramp users = ArgumentValues.ramp("--ramp", ramp);
        for (String[] other : new String[][] {{"--connections", connections}, {"--requests", requests},
                {"--duration", duration}, {"--rate", rate}}) {
            if (other[1] != null) {
                throw new BadArgumentException(other[0] + " " + other[1] + " does not apply with --ramp " + ramp
                        + ": each of the users opens its own connection and sends one request");
            }
        }
        return new LoadConfig(model, target, users.users(), users.users(), null, 0, users, false, readTimeout,
                jsonFile, tolerateErrors, plan, paced);
    }
}
