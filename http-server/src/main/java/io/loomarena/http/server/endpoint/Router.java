package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.Method;
import io.loomarena.http.server.protocol.PreparedResponse;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * Maps a request to its endpoint by path (a string switch, no regex): every endpoint answers GET and HEAD (HEAD gets
 * GET's fields and no body, which the response writer ensures), OPTIONS lists them, other methods are 405 with
 * {@code Allow}, unknown paths 404. Immutable and thread-safe; shared by every connection of a server.
 */
public final class Router {

    /** Prefix of static files. */
    public static final String FILES = "/files/";
    static final String ALLOWED = "GET, HEAD, OPTIONS";

    private static final PreparedResponse PONG = new PreparedResponse(HttpStatus.OK, ContentType.TEXT,
            "pong".getBytes(StandardCharsets.US_ASCII), CacheControl.NO_STORE);
    private static final PreparedResponse OPTIONS = new PreparedResponse(HttpStatus.OK, ContentType.TEXT,
            new byte[0], "Allow: " + ALLOWED + "\r\n");
    private static final PreparedResponse INDEX = PreparedResponse.text(HttpStatus.OK, """
            loom-arena HTTP server
              GET /ping                    pong
              GET /data.json               1,000 users as JSON
              GET /files/<name>            a file of the docroot (try /files/index.html)
              GET /io?ms=N                 blocks N ms (0..60000)
              GET /fanout?calls=K&ms=N     K sequential calls to the downstream /io?ms=N
              GET /cpu?n=N                 N rounds of CPU work
              GET /db?ms=N                 the database sleeps N ms (0..60000), through the pool
              GET /db?rows=N               the first N rows of the seeded table (1..10000), as JSON
              GET /metrics                 Prometheus metrics
            """);

    private final ContentSource content;
    private final BlockingWork work;
    private final FanoutEndpoint fanout;
    private final DbEndpoint db;
    private final MetricsEndpoint metrics;

    public Router(ContentSource content, BlockingWork work, FanoutEndpoint fanout, DbEndpoint db,
                  MetricsEndpoint metrics) {
        this.content = content;
        this.work = work;
        this.fanout = fanout;
        this.db = db;
        this.metrics = metrics;
    }

    /** The {@code /fanout} endpoint (the event loop calls its asynchronous form). */
    public FanoutEndpoint fanout() {
        return fanout;
    }

    /** The {@code /db} endpoint (the event loop calls its asynchronous form). */
    public DbEndpoint db() {
        return db;
    }

    /** Answers the request through {@code out}, or throws the error status it gets. */
    public void route(HttpRequest request, ResponseWriter out) throws IOException, HttpException {
        String path = request.path();
        Method method = request.method();
        if (method != Method.GET && method != Method.HEAD) {
            refuse(method, path, out);
            return;
        }
        switch (path) {
            case "/ping" -> out.respond(PONG);
            case "/data.json" -> content.data(request, out);
            case "/io" -> work.io(request, out);
            case "/cpu" -> work.cpu(request, out);
            case "/fanout" -> fanout.handle(request, out);
            case "/db" -> db.handle(request, out);
            case "/metrics" -> metrics.handle(out);
            case "/" -> out.respond(INDEX);
            default -> {
                if (path.startsWith(FILES)) {
                    content.file(path.substring(FILES.length()), request, out);
                } else {
                    throw notFound(path);
                }
            }
        }
    }

    private static void refuse(Method method, String path, ResponseWriter out) throws IOException, HttpException {
        boolean known = path.equals("*") || isEndpoint(path);
        if (!known) {
            throw notFound(path);
        }
        if (method == Method.OPTIONS) {
            out.respond(OPTIONS);
            return;
        }
        throw HttpException.application(HttpStatus.METHOD_NOT_ALLOWED,
                method + " is not allowed on " + path + "; allowed: " + ALLOWED);
    }

    private static boolean isEndpoint(String path) {
        return switch (path) {
            case "/", "/ping", "/data.json", "/io", "/cpu", "/fanout", "/db", "/metrics" -> true;
            default -> path.startsWith(FILES);
        };
    }

    private static HttpException notFound(String path) {
        String shown = path.length() > 80 ? path.substring(0, 80) + "..." : path;
        return HttpException.application(HttpStatus.NOT_FOUND,
                "no resource " + new String(shown.getBytes(StandardCharsets.US_ASCII), StandardCharsets.US_ASCII));
    }
}
