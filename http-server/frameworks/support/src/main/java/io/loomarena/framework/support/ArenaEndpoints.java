package io.loomarena.framework.support;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.loomarena.http.server.db.Database;
import io.loomarena.http.server.db.DbAnswer;
import io.loomarena.http.server.endpoint.BlockingWork;
import io.loomarena.http.server.endpoint.CacheControl;
import io.loomarena.http.server.endpoint.FanoutEndpoint;
import io.loomarena.http.server.endpoint.Router;
import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.QueryParams;
import io.loomarena.measure.ModelThreads;

/**
 * The arena's endpoints for a framework, answered the same whatever framework carries them: {@code /ping},
 * {@code /data.json} ({@link DataJson}), {@code /io?ms=N}, {@code /cpu?n=N}, {@code /fanout?calls=K&ms=N},
 * {@code /db} and {@code /metrics}, with the arena's bodies, statuses and fields; GET and HEAD on each (HEAD: GET's
 * fields, no body), OPTIONS lists them, any other method is 405 with {@code Allow}, any other path 404, each error
 * a text line as the arena's server writes it. A framework's adapter turns its request into an
 * {@link EndpointRequest}, calls {@link #answer} on the thread the framework serves the request on (it blocks there
 * for {@code /io}, {@code /fanout} and {@code /db}, which is what the thread models are compared on), and writes the
 * {@link EndpointAnswer}. Thread-safe.
 */
public final class ArenaEndpoints implements AutoCloseable {

    /** The paths served, in the order of the arena's index. */
    public static final List<String> PATHS = List.of("/ping", "/data.json", "/io", "/cpu", "/fanout", "/db", "/metrics");
    /** What {@code /db} answers without {@code --db-url} ({@link Database}'s words, contract of the database options). */
    public static final String NO_DATABASE = "no database configured (--db-url)";

    private static final Map<String, String> NO_STORE = FieldLines.parse(CacheControl.NO_STORE);
    private static final Map<String, String> ALLOW = Map.of("Allow", Router.ALLOWED);
    private static final EndpointAnswer PONG = EndpointAnswer.text(HttpStatus.OK, "pong", NO_STORE);
    private static final EndpointAnswer OPTIONS = EndpointAnswer.of(HttpStatus.OK, ContentType.TEXT, ALLOW, new byte[0]);
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS",
            "TRACE", "PATCH");

    private final FrameworkConfig config;
    private final FrameworkMetrics metrics;
    private final DataJson data;
    private final Database database;
    private volatile FanoutEndpoint fanout;

    /**
     * Reads the bundled data and starts the database pool of {@code config} (without waiting for the database; none
     * without {@code --db-url}), its HikariCP meters in {@code metrics}' registry; {@code /fanout} calls
     * {@code config}'s downstream, or this server's own {@code /io} once {@link #listeningOn} names its port.
     *
     * @throws IOException when the bundled data cannot be read: the application cannot start
     */
    public ArenaEndpoints(FrameworkConfig config, FrameworkMetrics metrics) throws IOException {
        this.config = config;
        this.metrics = metrics;
        this.data = DataJson.bundled();
        this.database = Database.start(config.database(), new MicrometerMetricsTrackerFactory(metrics.registry()));
        if (config.downstream() != null) {
            this.fanout = fanout(config.downstream());
        }
    }

    /** Tells the endpoints the port the server listens on: {@code /fanout}'s default downstream is its own /io. */
    public void listeningOn(int port) {
        if (fanout == null) {
            fanout = fanout(URI.create("http://" + hostForUri(config.host()) + ":" + port + "/io"));
        }
    }

    private FanoutEndpoint fanout(URI downstream) {
        // The client's own tasks (its selector's hand-offs) on threads of the serving model, named after it.
        boolean virtual = config.threads() == FrameworkThreads.VIRTUAL;
        ExecutorService executor = virtual
                ? Executors.newThreadPerTaskExecutor(ModelThreads.factory("framework-fanout-virtual", true))
                : Executors.newCachedThreadPool(ModelThreads.factory("framework-fanout-platform", false));
        return new FanoutEndpoint(downstream, config.downstreamTimeout(), executor);
    }

    private static String hostForUri(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    /** The metrics this application's requests are counted in. */
    public FrameworkMetrics metrics() {
        return metrics;
    }

    /** The strong entity tag of {@code /data.json} (tests compare it with the arena's). */
    public String dataEtag() {
        return data.etag();
    }

    /** Answers one request, counting and timing it; never throws (a failure is a 500 with its reason). */
    public EndpointAnswer answer(EndpointRequest request) {
        metrics.requestStarted();
        long started = System.nanoTime();
        EndpointAnswer answer;
        try {
            answer = route(request);
        } catch (HttpException e) {
            answer = error(e.status(), e.getMessage());
        } catch (RuntimeException e) {
            // A bug of ours: the client gets one line, not a stack trace, and the server goes on.
            answer = error(HttpStatus.INTERNAL_SERVER_ERROR, "internal error: " + e);
        }
        String uri = PATHS.contains(request.path()) ? request.path() : FrameworkMetrics.NOT_FOUND_URI;
        String method = METHODS.contains(request.method()) ? request.method() : "UNKNOWN";
        metrics.requestEnded(method, uri, answer.status(), System.nanoTime() - started);
        return answer;
    }

    private EndpointAnswer route(EndpointRequest request) throws HttpException {
        String path = request.path();
        if (!PATHS.contains(path)) {
            String shown = path.length() > 80 ? path.substring(0, 80) + "..." : path;
            throw HttpException.application(HttpStatus.NOT_FOUND, "no resource "
                    + new String(shown.getBytes(StandardCharsets.US_ASCII), StandardCharsets.US_ASCII));
        }
        String method = request.method();
        if (method.equals("OPTIONS")) {
            return OPTIONS;
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            throw HttpException.application(HttpStatus.METHOD_NOT_ALLOWED,
                    method + " is not allowed on " + path + "; allowed: " + Router.ALLOWED);
        }
        String query = request.rawQuery();
        return switch (path) {
            case "/ping" -> PONG;
            case "/data.json" -> data.answer(request);
            case "/io" -> io(query);
            case "/cpu" -> EndpointAnswer.text(HttpStatus.OK,
                    BlockingWork.cpuBody(QueryParams.integer(query, "n", 0, BlockingWork.MAX_CPU_ROUNDS)), NO_STORE);
            case "/fanout" -> fanout(query);
            case "/db" -> db(query);
            default -> EndpointAnswer.of(HttpStatus.OK, ContentType.PROMETHEUS, NO_STORE,
                    metrics.scrape().getBytes(StandardCharsets.UTF_8));
        };
    }

    private static EndpointAnswer io(String query) throws HttpException {
        long millis = QueryParams.integer(query, "ms", 0, BlockingWork.MAX_IO_MILLIS);
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            // The framework stops and interrupts its threads: keep the flag for it.
            Thread.currentThread().interrupt();
            throw HttpException.protocol(HttpStatus.SERVICE_UNAVAILABLE, "server stopping");
        }
        return EndpointAnswer.text(HttpStatus.OK, BlockingWork.ioBody(millis), NO_STORE);
    }

    private EndpointAnswer fanout(String query) throws HttpException {
        FanoutEndpoint endpoint = fanout;
        if (endpoint == null) {
            throw HttpException.application(HttpStatus.SERVICE_UNAVAILABLE, "server starting: /fanout has no downstream yet");
        }
        return EndpointAnswer.of(HttpStatus.OK, ContentType.JSON, NO_STORE, endpoint.answer(query));
    }

    /** {@code /db}: the database's own answer, as every server of the arena writes it. */
    private EndpointAnswer db(String query) {
        DbAnswer answer = database.answer(query);
        return EndpointAnswer.of(answer.status(), answer.contentType(),
                Map.of("Cache-Control", DbAnswer.CACHE_CONTROL), answer.body());
    }

    /** An error answer as the arena's server writes it: the message on one line; a 405 names what is allowed. */
    static EndpointAnswer error(int status, String message) {
        return EndpointAnswer.text(status, message + "\n", status == HttpStatus.METHOD_NOT_ALLOWED ? ALLOW : Map.of());
    }

    /** Closes the {@code /fanout} client and the database pool (after the framework stopped serving). */
    @Override
    public void close() {
        FanoutEndpoint endpoint = fanout;
        if (endpoint != null) {
            endpoint.close();
        }
        database.close();
    }
}
