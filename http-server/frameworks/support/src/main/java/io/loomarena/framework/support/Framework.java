package io.loomarena.framework.support;

/**
 * A framework application as the support runs it ({@link FrameworkCommand}): the support parses the command line,
 * builds the endpoints' answers and behaves towards the harness; the framework only starts its server on the given
 * address with a handler that hands each request to {@link ArenaEndpoints#answer} and writes what comes back.
 * Implementations are stateless.
 */
public interface Framework {

    /** The command's name, as the harness and the messages show it: {@code jetty}, {@code helidon}. */
    String name();

    /** The framework and its version, read from its classes at run time. */
    FrameworkIdentity identity();

    /**
     * Refuses a configuration this framework cannot serve as asked, with a {@link io.loomarena.cli.BadArgumentException}
     * naming the option and why (Helidon has no platform-thread model). By default it refuses only {@code --pool-size}
     * with {@code --threads virtual} ({@link FrameworkConfig#refusePoolSizeWithVirtualThreads}).
     */
    default void check(FrameworkConfig config) {
        config.refusePoolSizeWithVirtualThreads(identity().name());
    }

    /**
     * Whether the framework times its requests into {@code http_server_requests_seconds} itself (Spring Boot's
     * observations); otherwise {@link ArenaEndpoints#answer} does, once per request, in the same registry.
     */
    default boolean timesRequests() {
        return false;
    }

    /**
     * Starts serving on {@code config}'s host and port (0: a free one) and returns once it listens.
     *
     * @throws Exception whatever kept it from starting: the command prints one line and exits 1
     */
    RunningFramework start(FrameworkConfig config, ArenaEndpoints endpoints) throws Exception;

    /** A framework's server once started. */
    interface RunningFramework {

        /** The port it listens on (the real one after port 0). */
        int port();

        /**
         * Stops it: no new connection, requests in progress may finish within {@code grace}.
         *
         * @return whether every request ended within it
         */
        boolean stop(java.time.Duration grace);
    }
}
