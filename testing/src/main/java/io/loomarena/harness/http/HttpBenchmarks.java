package io.loomarena.harness.http;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.ClientModel;
import io.loomarena.harness.fork.JvmLaunch;
import io.loomarena.http.server.Stage;

/**
 * The HTTP suites' plans. Every stage is measured on the same path: one fresh server JVM
 * ({@code http-server serve --stage ...}) per combination, and one fresh load-client JVM
 * ({@code http-server load --client ... --json FILE}) per run; a fan-out plan also forks a downstream
 * ({@code serve --stage virtual}) before the server and passes it as {@code --downstream http://HOST:PORT/io}. The
 * suites differ only in their {@link HttpWorkload}. Stateless and thread-safe.
 */
public final class HttpBenchmarks {

    /** The {@code http-server} entry point, with the {@code serve} and {@code load} commands. */
    public static final String MAIN_CLASS = "io.loomarena.http.HttpMain";
    /** One operation is one request answered and validated. */
    public static final String UNIT = "req";
    /** Loopback only: the benchmark never leaves the machine. */
    public static final String HOST = "127.0.0.1";
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

    /** The plan of one combination of {@code suite} (for example {@code ping}). */
    public static BenchmarkPlan plan(String suite, HttpServerSetup server, ClientModel client, HttpWorkload workload) {
        return plan(suite, server, client, workload, "");
    }

    /**
     * The plan of one combination; {@code variant} tells apart combinations of one stage and client within the suite
     * (the sweep's levels), empty for none.
     */
    public static BenchmarkPlan plan(String suite, HttpServerSetup server, ClientModel client, HttpWorkload workload,
                                     String variant) {
        JvmLaunch serverLaunch = new JvmLaunch(MAIN_CLASS, server.arguments(HOST));
        BenchmarkPlan.ClientLaunch clientLaunch = (host, port, json) -> new JvmLaunch(MAIN_CLASS,
                workload.clientArguments(client.cli(), "http://" + host + ":" + port, json.toString()));
        return new BenchmarkPlan(suite(suite), UNIT, server.model(), client.cli(), server.label(), client.label(),
                workload.parameters(), workload.expectedOperations(), serverLaunch, clientLaunch, variant,
                workload.needsDownstream() ? downstream() : null);
    }

    /** The fan-out backend: {@code serve --stage virtual} on a free port; the server calls its {@code /io}. */
    static BenchmarkPlan.Downstream downstream() {
        List<String> args = List.of("serve", "--stage", DOWNSTREAM_STAGE.cliName(), "--host", HOST, "--port", "0");
        return new BenchmarkPlan.Downstream("DOWNSTREAM_" + DOWNSTREAM_STAGE.label(), new JvmLaunch(MAIN_CLASS, args),
                (host, port) -> List.of("--downstream", "http://" + host + ":" + port + "/io"),
                String.join(" ", args) + ", called at /io");
    }

    /** Every combination name of a list of servers against one client, in the given order. */
    public static List<String> combinations(List<HttpServerSetup> servers, ClientModel client, String variant) {
        List<String> names = new ArrayList<>();
        for (HttpServerSetup server : servers) {
            names.add(server.label() + "+" + client.label() + (variant.isEmpty() ? "" : "+" + variant));
        }
        return List.copyOf(names);
    }

    /** The client JVM's time limit for a workload that may take {@code duration} by design (a ramp). */
    public static Duration extraClientTime(HttpWorkload workload) {
        return workload.rampDuration();
    }
}
