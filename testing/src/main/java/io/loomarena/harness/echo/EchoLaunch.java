package io.loomarena.harness.echo;

import java.util.ArrayList;
import java.util.List;

import io.loomarena.echo.server.EchoServerConfig;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;
import io.loomarena.harness.JvmLaunch;

/**
 * The echo jar's command lines, assembled here for every forked echo JVM (benchmarks, idle connections, floods):
 * {@code server --model M --host HOST --port 0 [--pool-size N]} and {@code client --model M ... --json FILE}. The
 * defaults are the echo module's own ({@link EchoServerConfig}). Stateless.
 */
public final class EchoLaunch {

    /** The echo jar's entry point, with the {@code server} and {@code client} commands. */
    public static final String MAIN_CLASS = "io.loomarena.echo.EchoMain";
    /** Loopback only: a forked server never listens beyond this machine. */
    public static final String HOST = EchoServerConfig.DEFAULT_HOST;

    private EchoLaunch() {
    }

    /** {@code server --model M --host HOST --port 0}, with {@code --pool-size} for a model with a pool. */
    public static JvmLaunch server(ServerModel model) {
        List<String> args = new ArrayList<>(List.of("server", "--model", model.cliName(), "--host", HOST,
                "--port", "0"));
        if (model.hasPool()) {
            args.addAll(List.of("--pool-size", String.valueOf(ServerModel.DEFAULT_POOL_SIZE)));
        }
        return new JvmLaunch(MAIN_CLASS, args);
    }

    /**
     * One client run of {@code workload} against {@code host:port}, writing its result to {@code json}; with
     * {@code --allow-remote} when {@code host} is not the loopback address the servers listen on by default.
     */
    public static JvmLaunch client(ClientModel model, String host, int port, EchoBenchmarks.Workload workload,
                                   String json) {
        List<String> args = new ArrayList<>(List.of("client", "--model", model.cliName(), "--host", host,
                "--port", String.valueOf(port), "--clients", String.valueOf(workload.clients()),
                "--messages", String.valueOf(workload.messages()), "--size", String.valueOf(workload.size()),
                "--read-timeout", String.valueOf(workload.readTimeout().toSeconds()), "--json", json));
        if (!HOST.equals(host)) {
            args.add("--allow-remote");
        }
        return new JvmLaunch(MAIN_CLASS, args);
    }
}
