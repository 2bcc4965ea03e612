package io.loomarena.harness.flood;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.fork.JvmLaunch;

/**
 * A server model to flood: how to fork it and what each flood connection says to it. Immutable.
 *
 * @param label  the model as in reports, for example {@code echo virtual} or {@code http thread-pool}
 * @param launch the forked server's main class and arguments ({@code --port 0}: a free port)
 * @param http   whether the server speaks HTTP ({@code GET /ping}) rather than echo (one message)
 */
public record FloodTarget(String label, JvmLaunch launch, boolean http) {

    /** The HTTP server's main class. */
    public static final String HTTP_MAIN_CLASS = "io.loomarena.http.HttpMain";
    /** Pool size of the pool models under a flood (the default of both servers). */
    public static final int POOL_SIZE = 100;
    /**
     * The HTTP server's keep-alive idle timeout under a flood: held connections must outlive the whole flood (the
     * stage defaults, 30 s and 100 ms on {@code single-threaded}, could close them while the others connect).
     */
    public static final String HTTP_IDLE_TIMEOUT = "3m";

    /** The echo server of {@code model} ({@code single|platform|pool|virtual}), pool size {@value #POOL_SIZE}. */
    public static FloodTarget echo(String model) {
        String cli = model.strip().toLowerCase(Locale.ROOT);
        if (!List.of("single", "platform", "pool", "virtual").contains(cli)) {
            throw new IllegalArgumentException("unknown echo model '" + model
                    + "'; allowed: single, platform, pool, virtual");
        }
        List<String> args = new ArrayList<>(List.of("server", "--model", cli, "--host", EchoBenchmarks.HOST,
                "--port", "0", "--pool-size", String.valueOf(POOL_SIZE)));
        return new FloodTarget("echo " + cli, new JvmLaunch(EchoBenchmarks.MAIN_CLASS, args), false);
    }

    /** The HTTP server in {@code stage} ({@code single-threaded|thread-per-request|thread-pool|virtual|virtual-cached}). */
    public static FloodTarget http(String stage) {
        String cli = stage.strip().toLowerCase(Locale.ROOT);
        if (!List.of("single-threaded", "thread-per-request", "thread-pool", "virtual", "virtual-cached").contains(cli)) {
            throw new IllegalArgumentException("unknown HTTP stage '" + stage
                    + "'; allowed: single-threaded, thread-per-request, thread-pool, virtual, virtual-cached");
        }
        List<String> args = List.of("serve", "--stage", cli, "--host", EchoBenchmarks.HOST, "--port", "0",
                "--pool-size", String.valueOf(POOL_SIZE), "--idle-timeout", HTTP_IDLE_TIMEOUT);
        return new FloodTarget("http " + cli, new JvmLaunch(HTTP_MAIN_CLASS, args), true);
    }

    /** What each connection sends in {@code mode}: an HTTP request keeps the connection alive only when it is held. */
    public FloodProtocol protocol(FloodPlan.Mode mode) {
        return http ? new HttpPingFloodProtocol(mode == FloodPlan.Mode.HOLD) : new EchoFloodProtocol();
    }
}
