package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.Json;
import io.loomarena.http.server.protocol.QueryParams;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * {@code GET /fanout?calls=K&ms=N}: K sequential blocking calls to the downstream ({@code <downstream>?ms=N}), then
 * one JSON answer with every call's status and body. A call that fails is 502, one that exceeds N ms plus the
 * downstream allowance is 504; each names the call. The serving thread blocks through every call, which is the
 * point: on a bounded stage calling itself, the calls queue behind the requests that make them.
 * Thread-safe: the client is shared by every connection.
 */
public final class FanoutEndpoint implements AutoCloseable {

    /** {@link CacheControl#NO_STORE}: what this endpoint answers is only true now. */
    private static final byte[] NO_STORE = CacheControl.NO_STORE.getBytes(StandardCharsets.US_ASCII);

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
        Plan plan = plan(request);
        Answer answer = new Answer(plan);
        for (int call = 1; call <= plan.calls; call++) {
            answer.add(call(plan, call));
        }
        answer.send(out);
    }

    /**
     * {@code /fanout} without blocking the caller (the event loop): the same calls, one after another, each sent
     * when the last has answered, by the client's own selector thread; the future completes with what
     * {@link Answer#send} writes, or with the {@link HttpException} of the first call that failed.
     *
     * @throws HttpException 400 for a bad query, before any call
     */
    public CompletableFuture<Answer> handleAsync(io.loomarena.http.server.protocol.HttpRequest request)
            throws HttpException {
        Plan plan = plan(request);
        return next(new Answer(plan), 1);
    }

    private CompletableFuture<Answer> next(Answer answer, int call) {
        Plan plan = answer.plan;
        if (call > plan.calls) {
            return CompletableFuture.completedFuture(answer);
        }
        return client.sendAsync(plan.request(), HttpResponse.BodyHandlers.ofString())
                .handle((response, error) -> {
                    if (error != null) {
                        Throwable cause = error instanceof CompletionException && error.getCause() != null
                                ? error.getCause() : error;
                        throw new CompletionException(failure(cause, plan, call));
                    }
                    return response;
                })
                .thenCompose(response -> {
                    try {
                        answer.add(response);
                    } catch (HttpException e) {
                        return CompletableFuture.failedFuture(e);
                    }
                    return next(answer, call + 1);
                });
    }

    private Plan plan(io.loomarena.http.server.protocol.HttpRequest request) throws HttpException {
        long calls = QueryParams.integer(request.query(), "calls", 1, MAX_CALLS);
        long millis = QueryParams.integer(request.query(), "ms", 0, BlockingWork.MAX_IO_MILLIS);
        return new Plan(calls, millis, withMillis(millis), allowance.plusMillis(millis));
    }

    /** What one {@code /fanout} request calls, and how long each call may take. */
    private record Plan(long calls, long millis, URI target, Duration timeout) {
        HttpRequest request() {
            return HttpRequest.newBuilder(target).timeout(timeout).GET().build();
        }
    }

    /** The answers collected so far, and the JSON response they make. Confined to one call chain at a time. */
    public static final class Answer {
        private final Plan plan;
        private final StringBuilder statuses = new StringBuilder();
        private final StringBuilder bodies = new StringBuilder();
        private final long started = System.nanoTime();
        private int answered;

        private Answer(Plan plan) {
            this.plan = plan;
        }

        private void add(HttpResponse<String> response) throws HttpException {
            answered++;
            if (response.statusCode() != HttpStatus.OK) {
                throw HttpException.application(HttpStatus.BAD_GATEWAY, "downstream call " + answered + " of "
                        + plan.calls + " to " + plan.target + " answered " + response.statusCode());
            }
            statuses.append(answered > 1 ? "," : "").append(response.statusCode());
            bodies.append(answered > 1 ? "," : "").append(Json.quote(response.body().strip()));
        }

        /** Writes the JSON answer. */
        public void send(ResponseWriter out) throws IOException {
            long elapsed = (System.nanoTime() - started) / 1_000_000;
            byte[] body = ("{\"calls\":" + plan.calls + ",\"ms\":" + plan.millis + ",\"downstream\":"
                    + Json.quote(plan.target.toString()) + ",\"statuses\":[" + statuses + "],\"bodies\":[" + bodies
                    + "],\"elapsedMillis\":" + elapsed + "}\n").getBytes(StandardCharsets.UTF_8);
            out.respond(HttpStatus.OK, ContentType.JSON, body, 0, body.length, NO_STORE);
        }
    }

    private HttpResponse<String> call(Plan plan, int call) throws HttpException {
        try {
            return client.send(plan.request(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw failure(e, plan, call);
        } catch (InterruptedException e) {
            // A forced shutdown interrupted the call.
            Thread.currentThread().interrupt();
            throw HttpException.protocol(HttpStatus.SERVICE_UNAVAILABLE, "server stopping");
        }
    }

    /** What a failed call answers: 504 when it took too long (connect or response), 502 for anything else. */
    private static HttpException failure(Throwable error, Plan plan, int call) {
        String which = "downstream call " + call + " of " + plan.calls + " to " + plan.target;
        if (error instanceof HttpTimeoutException) {
            // No answer in time: the downstream is too slow, or queued behind us.
            return HttpException.application(HttpStatus.GATEWAY_TIMEOUT, which + " timed out after "
                    + plan.timeout.toMillis() + " ms");
        }
        // Refused, reset, or not HTTP: the downstream failed.
        return HttpException.application(HttpStatus.BAD_GATEWAY, which + " failed: " + error);
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
