package io.loomarena.harness.http;

import java.util.ArrayList;
import java.util.List;

import io.loomarena.harness.JvmLaunch;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;

/**
 * The {@code http-server} jar's {@code serve} command line, assembled here for every forked HTTP server (benchmarks,
 * their downstream, floods, reliability scenarios, the process scenario):
 * {@code serve --model M --host HOST --port 0 [OPTIONS]}. The defaults are the server's own ({@link ServerConfig});
 * a benchmark's server adds its options ({@link HttpServerSetup}: a pool always names its {@code --pool-size}).
 * Stateless.
 */
public final class HttpLaunch {

    /** The {@code http-server} entry point, with the {@code serve} and {@code load} commands. */
    public static final String MAIN_CLASS = "io.loomarena.http.HttpMain";
    /** Loopback only: a forked server never listens beyond this machine. */
    public static final String HOST = ServerConfig.DEFAULT_HOST;

    private HttpLaunch() {
    }

    /**
     * {@code serve --model M --host HOST --port 0} and then {@code options}: the server's defaults for everything the
     * options do not set (they may set {@code --pool-size}, {@code --cache-content}).
     */
    public static JvmLaunch serve(ServerModel model, List<String> options) {
        List<String> args = new ArrayList<>(List.of("serve", "--model", model.cliName(), "--host", HOST, "--port", "0"));
        args.addAll(options);
        return new JvmLaunch(MAIN_CLASS, args);
    }

    /**
     * A framework row's {@code serve --threads T --host HOST --port 0} and then {@code options} (they may set
     * {@code --pool-size}), on its module's class path (contract of every framework's {@code serve}: the arena's
     * first line, stdin commands and stop).
     */
    public static JvmLaunch serve(FrameworkRow row, List<String> options) {
        List<String> args = new ArrayList<>(List.of("serve", FrameworkRow.THREADS_OPTION, row.threadsValue(),
                "--host", HOST, "--port", "0"));
        args.addAll(options);
        return new JvmLaunch(row.framework().mainClass(), args, row.classPath());
    }

    /** The {@code load} command of one run of {@code workload} against {@code origin} ({@code http://HOST:PORT}). */
    public static JvmLaunch load(ClientModel client, HttpWorkload workload, String origin,
                                 String jsonFile) {
        List<String> args = new ArrayList<>(List.of("load", "--client", client.cliName(), "--url",
                origin + workload.path()));
        if (workload.isRamp()) {
            args.addAll(List.of("--ramp", workload.rampText()));
        } else {
            args.addAll(List.of("--connections", String.valueOf(workload.connections()),
                    "--requests", String.valueOf(workload.requests())));
            if (!workload.keepAlive()) {
                args.add("--no-keep-alive");
            }
            if (workload.conditional()) {
                args.add("--conditional");
            }
        }
        args.addAll(List.of("--timeout", HttpWorkload.RESPONSE_TIMEOUT.toSeconds() + "s"));
        return finish(args, workload.tolerateErrors(), origin, jsonFile);
    }

    /**
     * The {@code load} command of one open-model run at a constant arrival rate (wrk2's {@code -R}): {@code --rate R/s}
     * for {@code window} over {@code connections}, latency from each request's due time, failed requests counted and
     * reported (a capacity step judges them), each answer awaited at most {@code timeout}.
     */
    public static JvmLaunch loadAtRate(ClientModel client, String path, int connections, boolean keepAlive,
                                       double ratePerSecond, java.time.Duration window, java.time.Duration timeout,
                                       String origin, String jsonFile) {
        List<String> args = new ArrayList<>(List.of("load", "--client", client.cliName(), "--url", origin + path,
                "--connections", String.valueOf(connections),
                "--rate", String.format(java.util.Locale.ROOT, "%.0f/s", ratePerSecond),
                "--duration", window.toMillis() + "ms"));
        if (!keepAlive) {
            args.add("--no-keep-alive");
        }
        args.addAll(List.of("--timeout", timeout.toMillis() + "ms"));
        return finish(args, true, origin, jsonFile);
    }

    private static JvmLaunch finish(List<String> args, boolean tolerateErrors, String origin, String jsonFile) {
        if (tolerateErrors) {
            args.add("--tolerate-errors");
        }
        args.addAll(List.of("--json", jsonFile));
        if (!origin.startsWith("http://" + HOST + ":")) {
            args.add("--allow-remote");
        }
        return new JvmLaunch(MAIN_CLASS, args);
    }
}
