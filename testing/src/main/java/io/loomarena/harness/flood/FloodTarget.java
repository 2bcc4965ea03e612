package io.loomarena.harness.flood;

import java.util.List;
import java.util.Locale;

import io.loomarena.harness.echo.EchoLaunch;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.model.ServerModel;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.http.HttpLaunch;

/**
 * A server to flood, one of the arena's models or a framework row: how to fork it and what each flood connection says
 * to it. Immutable.
 *
 * @param label  the server as in reports, for example {@code echo virtual}, {@code http pool --pool-size 100} or
 *               {@code http jetty-queued}
 * @param launch the forked server's main class and arguments ({@code --port 0}: a free port); a framework row's on
 *               its module's class path, which the fork reads when it starts ({@code JvmFork.forLaunch})
 * @param http   whether the server speaks HTTP ({@code GET /ping}) rather than echo (one message)
 */
public record FloodTarget(String label, JvmLaunch launch, boolean http) {

    /**
     * The HTTP server's keep-alive idle timeout under a flood: held connections must outlive the whole flood (the
     * model defaults, 30 s and 1 s on {@code single}, could close them while the others connect; a framework maps it
     * to its own keep-alive timeout).
     */
    public static final String HTTP_IDLE_TIMEOUT = "3m";

    /** The echo server of {@code model} ({@code single|platform|pool|virtual}, any case), with its defaults. */
    public static FloodTarget echo(String model) {
        return echo(ServerModel.named(model.strip().toLowerCase(Locale.ROOT)));
    }

    /** The echo server of {@code model}, with its defaults. */
    public static FloodTarget echo(ServerModel model) {
        return new FloodTarget("echo " + model.cliName(), EchoLaunch.server(model), false);
    }

    /** The HTTP server written {@code server}: {@code single}, {@code pool --pool-size 4}, {@code helidon}. */
    public static FloodTarget http(String server) {
        return http(HttpServerSetup.parse(server.toLowerCase(Locale.ROOT)));
    }

    /** The HTTP server, a model or a framework row, with its options and a keep-alive timeout outliving the flood. */
    public static FloodTarget http(HttpServerSetup server) {
        return new FloodTarget("http " + server, server.launch(List.of("--idle-timeout", HTTP_IDLE_TIMEOUT)), true);
    }

    /** What each connection sends in {@code mode}: an HTTP request keeps the connection alive only when it is held. */
    public FloodProtocol protocol(FloodPlan.Mode mode) {
        return http ? new HttpPingFloodProtocol(mode == FloodPlan.Mode.HOLD) : new EchoFloodProtocol();
    }
}
