package io.loomarena.harness.http;

import java.util.List;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.model.ServerModel;
import io.loomarena.harness.JvmLaunch;

/**
 * The HTTP suites' plans. Every server model is measured on the same path: one fresh server JVM
 * ({@code http-server serve --model ...}) per combination, and one fresh load-client JVM
 * ({@code http-server load --client ... --json FILE}) per run; a fan-out plan also forks a downstream
 * ({@code serve --model virtual}) before the server and passes it as {@code --downstream http://HOST:PORT/io}. The
 * suites differ only in their {@link HttpWorkload}. Stateless and thread-safe.
 */
public final class HttpBenchmarks {

    /** One operation is one request answered and validated. */
    public static final String UNIT = "req";
    /** Results sub-folders are {@code http-<suite>}. */
    public static final String SUITE_PREFIX = "http-";
    /** The fan-out backend's model: it only sleeps, so the cheapest model to hold 300 sleeping calls. */
    public static final ServerModel DOWNSTREAM_MODEL = ServerModel.VIRTUAL;

    private HttpBenchmarks() {
    }

    /** The results folder and ranking name of a suite: {@code http-ping}. */
    public static String suite(String name) {
        return SUITE_PREFIX + name;
    }

    /**
     * The plan of one combination of {@code suite}; the suite's {@link HttpSuite#variant variant} of the workload
     * tells apart combinations of one server and client within the suite (the sweep's levels).
     */
    public static BenchmarkPlan plan(HttpSuite suite, HttpSuite.Entry combination, HttpWorkload workload) {
        HttpServerSetup server = combination.server();
        BenchmarkPlan.ClientLaunch clientLaunch = (host, port, json, share) -> HttpLaunch.load(combination.client(),
                workload.share(share), "http://" + host + ":" + port, json);
        return new BenchmarkPlan(suite.folder(), UNIT, server.toString(), combination.client().cliName(),
                server.label(), combination.client().label(), workload.parameters(), workload.expectedOperations(),
                server.launch(List.of()), clientLaunch, suite.variant(workload.parameters()),
                workload.needsDownstream() ? downstream() : null, workload.rampDuration());
    }

    /** The fan-out backend: {@code serve --model virtual} on a free port; the server calls its {@code /io}. */
    public static BenchmarkPlan.Downstream downstream() {
        JvmLaunch launch = HttpLaunch.serve(DOWNSTREAM_MODEL, List.of());
        return new BenchmarkPlan.Downstream("DOWNSTREAM_" + DOWNSTREAM_MODEL.label(), launch,
                (host, port) -> List.of("--downstream", "http://" + host + ":" + port + "/io"),
                String.join(" ", launch.args()) + ", called at /io");
    }
}
