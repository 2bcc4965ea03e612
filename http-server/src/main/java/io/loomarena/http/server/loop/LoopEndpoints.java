package io.loomarena.http.server.loop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.loomarena.http.server.db.DbAnswer;
import io.loomarena.http.server.endpoint.BlockingWork;
import io.loomarena.http.server.endpoint.CacheControl;
import io.loomarena.http.server.endpoint.DbEndpoint;
import io.loomarena.http.server.endpoint.FanoutEndpoint;
import io.loomarena.http.server.endpoint.Router;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.Method;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * The endpoints that wait, as an event loop serves them without waiting: {@code /io} on the loop's timer,
 * {@code /cpu} on the stage's {@code /cpu} threads, {@code /fanout} with asynchronous downstream calls, {@code /db}
 * on the stage's database threads (JDBC blocks: it never runs on a loop). Each hands its answer back to the loop
 * ({@code later}), where the connection writes it. Their parameters, bodies and error statuses are the blocking
 * models' ({@link BlockingWork}, {@link FanoutEndpoint}, {@link DbEndpoint}). Stateless.
 */
final class LoopEndpoints {

    /** {@link CacheControl#NO_STORE}: what this endpoint answers is only true now. */
    private static final byte[] NO_STORE = CacheControl.NO_STORE.getBytes(StandardCharsets.US_ASCII);

    /** How an answer that was waited for is written, on the loop. */
    interface Answer {
        void write(ResponseWriter out) throws IOException, HttpException;
    }

    private LoopEndpoints() {
    }

    /**
     * Starts the work of a request to an endpoint that waits; {@code later} receives its answer on the loop.
     *
     * @return false for any other request (the router answers it at once, from memory)
     * @throws HttpException a bad parameter (400) or a full {@code /cpu} queue (503), before any work starts
     */
    static boolean start(HttpRequest request, HttpLoop loop, Router router, Consumer<Answer> later)
            throws HttpException {
        if (request.method() != Method.GET && request.method() != Method.HEAD) {
            return false;
        }
        switch (request.path()) {
            case "/io" -> {
                long millis = BlockingWork.ioMillis(request);
                loop.schedule(TimeUnit.MILLISECONDS.toNanos(millis),
                        () -> later.accept(out -> BlockingWork.ioAnswer(millis, out)));
                return true;
            }
            case "/cpu" -> {
                long rounds = BlockingWork.cpuRounds(request);
                try {
                    loop.stage().compute(() -> {
                        String text = BlockingWork.cpuBody(rounds);
                        loop.execute(() -> later.accept(out -> out.respond(HttpStatus.OK, text, NO_STORE)));
                    });
                } catch (RejectedExecutionException e) {
                    throw HttpException.application(HttpStatus.SERVICE_UNAVAILABLE, "server at capacity");
                }
                return true;
            }
            case "/fanout" -> {
                router.fanout().handleAsync(request).whenComplete((answer, error) -> loop.execute(() -> later.accept(out -> {
                    if (error != null) {
                        throw downstreamFailure(error);
                    }
                    answer.send(out);
                })));
                return true;
            }
            case "/db" -> {
                // pgjdbc blocks its thread for the pool and the query: the call runs on a database thread
                // (ConcurrencyStage.databaseCalls: one virtual thread per call, queued in the pool as every model's).
                try {
                    router.db().handleAsync(request).whenComplete((answer, error) -> loop.execute(() -> later.accept(
                            out -> DbEndpoint.write(answer != null ? answer : databaseFailure(error), out))));
                } catch (RejectedExecutionException e) {
                    throw HttpException.application(HttpStatus.SERVICE_UNAVAILABLE, "server stopping");
                }
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** What an unexpected failure of a {@code /db} call answers (its own failures are answers already). */
    private static DbAnswer databaseFailure(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return DbAnswer.error(HttpStatus.SERVICE_UNAVAILABLE, "database call failed: "
                + cause);
    }

    /** The failure of a {@code /fanout}: its own 502 or 504, or a 502 for anything unexpected. */
    private static HttpException downstreamFailure(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof HttpException e ? e
                : HttpException.application(HttpStatus.BAD_GATEWAY, "downstream failed: " + cause);
    }
}
