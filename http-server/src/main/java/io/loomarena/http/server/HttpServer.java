package io.loomarena.http.server;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import io.loomarena.http.server.connection.ConnectionContext;
import io.loomarena.http.server.connection.ConnectionRegistry;
import io.loomarena.http.server.connection.ExchangePolicy;
import io.loomarena.http.server.db.Database;
import io.loomarena.http.server.endpoint.BlockingWork;
import io.loomarena.http.server.endpoint.CacheControl;
import io.loomarena.http.server.endpoint.CachedContent;
import io.loomarena.http.server.endpoint.DbEndpoint;
import io.loomarena.http.server.endpoint.ContentSource;
import io.loomarena.http.server.endpoint.DiskContent;
import io.loomarena.http.server.endpoint.Docroot;
import io.loomarena.http.server.endpoint.FanoutEndpoint;
import io.loomarena.http.server.endpoint.MetricsEndpoint;
import io.loomarena.http.server.endpoint.Router;
import io.loomarena.http.server.protocol.BodyReader;
import io.loomarena.http.server.protocol.Http1RequestParser;
import io.loomarena.http.server.stage.ConcurrencyStage;
import io.loomarena.measure.ModelThreads;
import io.loomarena.model.ServerModel;

/**
 * One running HTTP/1.1 server of one thread model: it listens, runs the accept loop on one named platform thread
 * ({@code http-<model>-acceptor}) and hands each accepted socket to its model's stage. {@link #shutdown} is graceful:
 * it stops accepting, closes idle kept-alive connections, lets requests in flight finish (answered with
 * {@code Connection: close}) and force-closes what is left when the grace period ends.
 * <p>Thread-safe: {@link #shutdown} may be called from any thread, any number of times.
 */
public final class HttpServer implements RunningServer, AutoCloseable {

    /** Pause after a failed accept (such as too many open files), so the loop does not spin. */
    private static final long ACCEPT_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final ServerConfig config;
    private final Listener listener;
    private final ConcurrencyStage stage;
    private final ServerMetrics metrics = new ServerMetrics();
    private final ConnectionRegistry registry;
    private final FanoutEndpoint fanout;
    private final DbEndpoint db;
    private final ConnectionContext context;
    private final Thread acceptor;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final CountDownLatch terminated = new CountDownLatch(1);
    private volatile boolean clean;

    private HttpServer(ServerConfig config, ConcurrencyStage stage, Listener listener, ContentSource content,
                       Database database) {
        this.config = config;
        this.listener = listener;
        this.stage = stage;
        this.registry = new ConnectionRegistry(config.model().threadPrefix(ConcurrencyStage.THREAD_NAMES),
                config.writeTimeout().toMillis());
        URI downstream = config.downstream() != null ? config.downstream()
                : URI.create("http://" + hostForUri(config.host()) + ":" + listener.port() + "/io");
        this.fanout = new FanoutEndpoint(downstream, config.downstreamTimeout(),
                stage.downstreamCalls(metrics::countingVirtual));
        Http1RequestParser parser = new Http1RequestParser(config.limits());
        this.db = new DbEndpoint(database, stage.databaseCalls(metrics::countingVirtual));
        Router router = new Router(content, new BlockingWork(), fanout, db,
                new MetricsEndpoint(metrics, config.model(), database::figures));
        this.context = new ConnectionContext(config, stage, parser,
                new BodyReader(config.limits().maxBody(), parser.headerParser()), router, metrics, registry,
                listener::clientWaiting, listener::idleCloseWanted, ExchangePolicy.of(config));
        this.acceptor = ModelThreads.platform(config.model().threadPrefix(ConcurrencyStage.THREAD_NAMES) + "-acceptor",
                this::acceptLoop);
    }

    /**
     * Reads the content (all of it now with {@code --cache-content}), starts the database pool (which does not wait
     * for the database), binds and starts accepting.
     *
     * @throws IOException when the address cannot be bound or the content cannot be read
     */
    public static HttpServer start(ServerConfig config) throws IOException {
        Path dataFile = config.dataFile() != null ? config.dataFile() : BundledContent.dataFile();
        Docroot docroot = new Docroot(config.docroot() != null ? config.docroot() : BundledContent.docroot());
        ConcurrencyStage stage = ConcurrencyStage.of(config);
        ContentSource content;
        Listener listener;
        Database database = null;
        try {
            // Caching is an option of any model: the same stage serves from memory or from disk.
            // The event loop must not read files per request: it serves them from memory, read now.
            String cacheControl = CacheControl.staticContent(config.staticMaxAge());
            content = stage.contentInMemory() ? CachedContent.preloaded(dataFile, docroot, cacheControl)
                    : config.cacheContent() ? new CachedContent(dataFile, docroot, cacheControl)
                    : new DiskContent(dataFile, docroot, cacheControl);
            database = Database.start(config.database());
            listener = Listener.bind(config.host(), config.port(), config.backlog(), stage.servesOnAcceptor());
        } catch (IOException | RuntimeException e) {
            if (database != null) {
                database.close();
            }
            stage.close();
            throw e;
        }
        HttpServer server = new HttpServer(config, stage, listener, content, database);
        server.acceptor.start();
        return server;
    }

    public ServerConfig config() {
        return config;
    }

    public ServerModel model() {
        return config.model();
    }

    @Override
    public int port() {
        return listener.port();
    }

    public ServerMetrics metrics() {
        return metrics;
    }

    @Override
    public Map<String, Long> counters() {
        return metrics.counters();
    }

    /** The URL {@code /fanout} calls. */
    public URI downstream() {
        return fanout.downstream();
    }

    private void acceptLoop() {
        while (true) {
            SocketChannel socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                if (listener.isClosed()) {
                    return; // shutdown closed the listener: the loop's normal end
                }
                // Too many open files or a transient network error: back off briefly and keep accepting.
                LockSupport.parkNanos(ACCEPT_BACKOFF_NANOS);
                continue;
            }
            stage.serve(socket, context);
        }
    }

    /**
     * Stops gracefully within {@code grace}: no new connection, idle ones closed, requests in flight finished.
     *
     * @return true if every connection ended by itself within the grace period
     */
    @Override
    public boolean shutdown(Duration grace) {
        if (!stopping.compareAndSet(false, true)) {
            awaitTermination(grace.plusSeconds(1));
            return clean;
        }
        long deadline = System.nanoTime() + grace.toNanos();
        try {
            closeListener();
            registry.drain();
            joinAcceptor(deadline);
            registry.drain(); // a connection accepted while the listener closed
            stage.shutdown();
            clean = registry.awaitEmpty(deadline) && !acceptor.isAlive();
            if (!clean) {
                registry.closeAll();
                joinAcceptor(System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            registry.closeAll();
        } finally {
            stage.close();
            fanout.close();
            db.close(); // after the requests in flight: they finished, or were cut
            registry.close();
            terminated.countDown();
        }
        return clean;
    }

    /** Shuts down with the configured grace period. */
    @Override
    public void close() {
        shutdown(config.grace());
    }

    @Override
    public boolean awaitTermination(Duration timeout) {
        try {
            return terminated.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void closeListener() {
        listener.close();
    }

    private void joinAcceptor(long deadlineNanos) throws InterruptedException {
        long remaining = deadlineNanos - System.nanoTime();
        if (remaining > 0 && Thread.currentThread() != acceptor) {
            acceptor.join(Duration.ofNanos(remaining));
        }
    }

    private static String hostForUri(String host) {
        String h = host.equals("0.0.0.0") ? "127.0.0.1" : host.equals("::") ? "::1" : host;
        return h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h;
    }
}
