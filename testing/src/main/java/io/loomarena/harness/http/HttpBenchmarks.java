package io.loomarena.harness.http;

import java.util.ArrayList;
import java.util.List;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.ModelLabels;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.http.load.ClientModel;
import io.loomarena.http.server.Stage;

/**
 * The HTTP suites' plans. Every stage is measured on the same path: one fresh server JVM
 * ({@code http-server serve --stage ...}) per combination, and one fresh load-client JVM
 * ({@code http-server load --client ... --json FILE}) per run; a fan-out plan also forks a downstream
 * ({@code serve --stage virtual}) before the server and passes it as {@code --downstream http://HOST:PORT/io}. The
 * suites differ only in their {@link HttpWorkload}. Stateless and thread-safe.
 */
public final class HttpBenchmarks {

    /** One operation is one request answered and validated. */
    public static final String UNIT = "req";
    /** Results sub-folders are {@code http-<suite>}. */
    public static final String SUITE_PREFIX = "http-";
    /** The fan-out backend's stage: it only sleeps, so the cheapest model to hold 300 sleeping calls. */
    public static final Stage DOWNSTREAM_STAGE = Stage.VIRTUAL;

    private HttpBenchmarks() {
    }

    /** The results folder and ranking name of a suite: {@code http-ping}. */
    public static String suite(String name) {
        return SUITE_PREFIX + name;
    }

    /**
     * The plan of one combination of {@code suite}; the suite's {@link HttpSuite#variant variant} of the workload
     * tells apart combinations of one stage and client within the suite (the sweep's levels).
     */
    public static BenchmarkPlan plan(HttpSuite suite, HttpServerSetup server, ClientModel client,
                                     HttpWorkload workload) {
        BenchmarkPlan.ClientLaunch clientLaunch = (host, port, json, share) -> HttpLaunch.load(client,
                workload.share(share), "http://" + host + ":" + port, json);
        return new BenchmarkPlan(suite.folder(), UNIT, server.model(), client.cliName(), server.label(),
                ModelLabels.client(client), workload.parameters(), workload.expectedOperations(),
                server.launch(List.of()), clientLaunch, suite.variant(workload.parameters()),
                workload.needsDownstream() ? downstream() : null, workload.rampDuration());
    }

    /** The fan-out backend: {@code serve --stage virtual} on a free port; the server calls its {@code /io}. */
    static BenchmarkPlan.Downstream downstream() {
        JvmLaunch launch = HttpLaunch.serve(DOWNSTREAM_STAGE, List.of());
        return new BenchmarkPlan.Downstream("DOWNSTREAM_" + ModelLabels.stage(DOWNSTREAM_STAGE), launch,
                (host, port) -> List.of("--downstream", "http://" + host + ":" + port + "/io"),
                String.join(" ", launch.args()) + ", called at /io");
    }

    /** Every combination name of a list of servers against one client, in the given order. */
    public static List<String> combinations(List<HttpServerSetup> servers, ClientModel client, String variant) {
        List<String> names = new ArrayList<>();
        for (HttpServerSetup server : servers) {
            names.add(ModelLabels.combination(server.label(), ModelLabels.client(client), variant));
        }
        return List.copyOf(names);
    }
}
