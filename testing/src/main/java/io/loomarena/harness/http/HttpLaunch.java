package io.loomarena.harness.http;

import java.util.ArrayList;
import java.util.List;

import io.loomarena.harness.JvmLaunch;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.Stage;

/**
 * The {@code http-server} jar's {@code serve} command line, assembled here for every forked HTTP server (benchmarks,
 * their downstream, floods, reliability scenarios, the process scenario):
 * {@code serve --stage S --host HOST --port 0 [--pool-size N] [OPTIONS]}. The defaults are the server's own
 * ({@link ServerConfig}); a benchmark's {@code thread-pool} always names its {@code --pool-size}. Stateless.
 */
public final class HttpLaunch {

    /** The {@code http-server} entry point, with the {@code serve} and {@code load} commands. */
    public static final String MAIN_CLASS = "io.loomarena.http.HttpMain";
    /** Loopback only: a forked server never listens beyond this machine. */
    public static final String HOST = ServerConfig.DEFAULT_HOST;
    /** The {@code thread-pool} stage's threads: the server's default. */
    public static final int DEFAULT_POOL_SIZE = ServerConfig.DEFAULT_POOL_SIZE;

    private HttpLaunch() {
    }

    /**
     * {@code serve --stage S --host HOST --port 0} and then {@code options}: the server's defaults for everything the
     * options do not set (they may set {@code --pool-size}).
     */
    public static JvmLaunch serve(Stage stage, List<String> options) {
        List<String> args = new ArrayList<>(List.of("serve", "--stage", stage.cliName(), "--host", HOST, "--port", "0"));
        args.addAll(options);
        return new JvmLaunch(MAIN_CLASS, args);
    }

    /**
     * {@code serve --stage S --host HOST --port 0}, {@code --pool-size N} for the {@code thread-pool} stage (ignored
     * by the others), then {@code options}.
     */
    public static JvmLaunch serve(Stage stage, int poolSize, List<String> options) {
        List<String> args = new ArrayList<>();
        if (stage == Stage.THREAD_POOL) {
            args.addAll(List.of("--pool-size", String.valueOf(poolSize)));
        }
        args.addAll(options);
        return serve(stage, args);
    }

    /** The {@code load} command of one run of {@code workload} against {@code origin} ({@code http://HOST:PORT}). */
    public static JvmLaunch load(io.loomarena.http.load.ClientModel client, HttpWorkload workload, String origin,
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
        }
        args.addAll(List.of("--timeout", HttpWorkload.RESPONSE_TIMEOUT.toSeconds() + "s"));
        if (workload.tolerateErrors()) {
            args.add("--tolerate-errors");
        }
        args.addAll(List.of("--json", jsonFile));
        if (!origin.startsWith("http://" + HOST + ":")) {
            args.add("--allow-remote");
        }
        return new JvmLaunch(MAIN_CLASS, args);
    }

    /** The stage named {@code name} ({@code single-threaded}, ...); the message names the allowed ones. */
    public static Stage stage(String name) {
        return Stage.fromCliName(name.strip()).orElseThrow(() -> new IllegalArgumentException("unknown HTTP stage '"
                + name + "'; allowed: " + Stage.allowedNames()));
    }
}
