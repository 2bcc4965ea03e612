package io.loomarena.framework.jetty;

import java.time.Duration;

import io.loomarena.framework.support.ArenaEndpoints;
import io.loomarena.framework.support.Framework;
import io.loomarena.framework.support.FrameworkCommand;
import io.loomarena.framework.support.FrameworkConfig;
import io.loomarena.framework.support.FrameworkIdentity;
import io.loomarena.framework.support.FrameworkThreads;
import io.loomarena.http.server.ServerMetrics;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.Jetty;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ThreadPool;
import org.eclipse.jetty.util.thread.VirtualThreadPool;

/**
 * Jetty 12 serving the arena's endpoints through its core {@code Handler} API (no servlet container):
 * {@code --threads virtual} runs every request on a virtual thread of a {@code VirtualThreadPool}, with no bound on
 * how many at once unless {@code --pool-size N} sets Jetty's (its own default is 200);
 * {@code --threads platform} runs them on a {@code QueuedThreadPool} of {@code --pool-size} platform threads (200,
 * Jetty's default), as the Jetty programming guide configures each. Jetty's selector and acceptor run on the same
 * pool. Stateless; {@link #start} owns the server it returns.
 */
public final class JettyMain implements Framework {

    /** The command's name. */
    public static final String NAME = "jetty";

    public static void main(String[] args) {
        FrameworkCommand.main(new JettyMain(), args);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public FrameworkIdentity identity() {
        return FrameworkIdentity.of("Jetty", Jetty.VERSION);
    }

    /** Every configuration is served: with virtual threads, {@code --pool-size} is the VirtualThreadPool's bound. */
    @Override
    public void check(FrameworkConfig config) {
    }

    @Override
    public RunningFramework start(FrameworkConfig config, ArenaEndpoints endpoints) throws Exception {
        Server server = new Server(threadPool(config));
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(config.host());
        connector.setPort(config.port());
        if (config.idleTimeout() != null) {
            // --idle-timeout; otherwise the connector's own default (30 s), as Jetty's users get it.
            connector.setIdleTimeout(config.idleTimeout().toMillis());
        }
        connector.addEventListener(countingConnections(endpoints.metrics().counters()));
        server.addConnector(connector);
        // Jetty stops gracefully only the handlers that are Graceful: this one lets requests in progress finish.
        GracefulHandler graceful = new GracefulHandler(new ArenaHandler(endpoints));
        server.setHandler(graceful);
        server.setStopAtShutdown(false);
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new Running(server, connector, graceful);
    }

    /** Jetty once started: its server, the connector it listens on (tests read it) and the graceful handler. */
    record Running(Server server, ServerConnector connector, GracefulHandler graceful) implements RunningFramework {

        @Override
        public int port() {
            return connector.getLocalPort();
        }

        @Override
        public boolean stop(Duration grace) {
            server.setStopTimeout(grace.toMillis());
            try {
                server.stop();
            } catch (Exception e) {
                // Jetty reports requests it had to cut as a failure of the stop.
                return false;
            }
            return graceful.getCurrentRequestCount() == 0;
        }
    }

    /** The pool of {@code --threads}, named after its model. */
    static ThreadPool threadPool(FrameworkConfig config) {
        if (config.threads() == FrameworkThreads.VIRTUAL) {
            VirtualThreadPool virtual = new VirtualThreadPool();
            virtual.setName("jetty-virtual");
            // 0: no bound, a virtual thread per request as the arena's virtual model; --pool-size N: Jetty's bound.
            virtual.setMaxConcurrentTasks(config.poolSize());
            return virtual;
        }
        QueuedThreadPool queued = new QueuedThreadPool(config.poolSize());
        queued.setName("jetty-queued");
        return queued;
    }

    /** Counts the connector's connections in the arena's counters, so that {@code stats} shows them. */
    private static Connection.Listener countingConnections(ServerMetrics counters) {
        return new Connection.Listener() {
            @Override
            public void onOpened(Connection connection) {
                counters.connectionOpened();
            }

            @Override
            public void onClosed(Connection connection) {
                counters.connectionClosed();
            }
        };
    }
}
