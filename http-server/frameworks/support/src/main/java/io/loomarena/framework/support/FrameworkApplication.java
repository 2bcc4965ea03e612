package io.loomarena.framework.support;

import java.time.Duration;

/**
 * A framework serving the arena's endpoints, started in this JVM: the endpoints and their metrics, and the framework's
 * server on them. {@link FrameworkCommand} runs one as a process for the harness; tests start one directly.
 * Thread-safe.
 */
public final class FrameworkApplication implements AutoCloseable {

    private final FrameworkIdentity identity;
    private final ArenaEndpoints endpoints;
    private final Framework.RunningFramework server;

    private FrameworkApplication(FrameworkIdentity identity, ArenaEndpoints endpoints,
                                 Framework.RunningFramework server) {
        this.identity = identity;
        this.endpoints = endpoints;
        this.server = server;
    }

    /**
     * Builds the endpoints and starts {@code framework} on them; returns once it listens.
     *
     * @throws Exception whatever kept the framework (or the endpoints) from starting; nothing is left running then
     */
    public static FrameworkApplication start(Framework framework, FrameworkConfig config) throws Exception {
        FrameworkMetrics metrics = new FrameworkMetrics(!framework.timesRequests());
        ArenaEndpoints endpoints = new ArenaEndpoints(config, metrics);
        Framework.RunningFramework server;
        try {
            server = framework.start(config, endpoints);
        } catch (Exception | Error e) {
            endpoints.close();
            throw e;
        }
        endpoints.listeningOn(server.port());
        return new FrameworkApplication(framework.identity(), endpoints, server);
    }

    public FrameworkIdentity identity() {
        return identity;
    }

    /** The port the framework listens on. */
    public int port() {
        return server.port();
    }

    public ArenaEndpoints endpoints() {
        return endpoints;
    }

    /**
     * Stops the framework within {@code grace}, then the endpoints' clients and pool.
     *
     * @return whether every request ended within the grace period
     */
    public boolean stop(Duration grace) {
        try {
            return server.stop(grace);
        } finally {
            endpoints.close();
        }
    }

    @Override
    public void close() {
        stop(FrameworkConfig.GRACE);
    }
}
