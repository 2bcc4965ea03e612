package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * {@code GET /fanout?calls=K&ms=N}: K sequential blocking calls to the downstream ({@code <downstream>?ms=N}), then
 * one JSON answer with every call's status and body. A call that fails is 502, one that exceeds N ms plus the
 * downstream allowance is 504; each names the call. The serving thread blocks through every call, which is the
 * point: on a bounded stage calling itself, the calls queue behind the requests that make them.
 * Thread-safe: the client is shared by every connection.
 */
public final class FanoutEndpoint implements AutoCloseable {

    /** The most calls one request may make. */
    public static final long MAX_CALLS = 100;

    private final HttpClient client;
    private final ExecutorService executor;
    private final URI downstream;
    private final Duration allowance;

    /**
     * @param downstream the URL called, with {@code ms=N} added to its query
     * @param allowance  the time a call may take beyond the {@code ms} it asks for
     * @param executor   the client's executor, named after the stage; closed with this endpoint
     */
    public FanoutEndpoint(URI downstream, Duration allowance, ExecutorService executor) {
        this.downstream = downstream;
        this.allowance = allowance;
        this.executor = executor;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(allowance)
                .executor(executor)
                .build();
    }

    public URI downstream() {
        return downstream;
    }

    public void handle(io.loomarena.http.server.protocol.HttpRequest request, ResponseWriter out)
            throws IOException, HttpException {
        long calls = QueryParams.integer(request.query(), "calls", 1, MAX_CALLS);
        long millis = QueryParams.integer(request.query(), "ms", 0, BlockingWork.MAX_IO_MILLIS);
        URI target = withMillis(millis);
        Duration timeout = allowance.plusMillis(millis);
        StringBuilder statuses = new StringBuilder();
        StringBuilder bodies = new StringBuilder();
        long started = System.nanoTime();
        for (int call = 1; call <= calls; call++) {
            HttpResponse<String> response = call(target, timeout, call, calls);
            if (response.statusCode() != HttpStatus.OK) {
                throw HttpException.application(HttpStatus.BAD_GATEWAY, "downstream call " + call + " of " + calls
                        + " to " + target + " answered " + response.statusCode());
            }
            statuses.append(call > 1 ? "," : "").append(response.statusCode());
            bodies.append(call > 1 ? "," : "").append(Json.quote(response.body().strip()));
        }
        long elapsed = (System.nanoTime() - started) / 1_000_000;
        byte[] body = ("{\"calls\":" + calls + ",\"ms\":" + millis + ",\"downstream\":" + Json.quote(target.toString())
                + ",\"statuses\":[" + statuses + "],\"bodies\":[" + bodies + "],\"elapsedMillis\":" + elapsed + "}\n")
                .getBytes(StandardCharsets.UTF_8);
        out.respond(HttpStatus.OK, ContentType.JSON, body, 0, body.length, null);
    }

    private HttpResponse<String> call(URI target, Duration timeout, int call, long calls) throws HttpException {
        HttpRequest downstreamRequest = HttpRequest.newBuilder(target).timeout(timeout).GET().build();
        try {
            return client.send(downstreamRequest, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            // No answer in time (connect or response): the downstream is too slow, or queued behind us.
            throw HttpException.application(HttpStatus.GATEWAY_TIMEOUT, "downstream call " + call + " of " + calls
                    + " to " + target + " timed out after " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            // Refused, reset, or not HTTP: the downstream failed.
            throw HttpException.application(HttpStatus.BAD_GATEWAY, "downstream call " + call + " of " + calls
                    + " to " + target + " failed: " + e);
        } catch (InterruptedException e) {
            // A forced shutdown interrupted the call.
            Thread.currentThread().interrupt();
            throw HttpException.protocol(HttpStatus.SERVICE_UNAVAILABLE, "server stopping");
        }
    }

    private URI withMillis(long millis) {
        String text = downstream.toString();
        String separator = downstream.getRawQuery() == null ? "?" : "&";
        return URI.create(text + separator + "ms=" + millis);
    }

    @Override
    public void close() {
        client.shutdownNow();
        executor.shutdownNow();
    }
}
