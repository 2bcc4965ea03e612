package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

import io.loomarena.http.server.db.Database;
import io.loomarena.http.server.db.DbAnswer;
import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * {@code GET /db?ms=N} or {@code /db?rows=N}: what {@link Database#answer} says, written as it is (every status and
 * body is the database's, the same on every server). A blocking model calls {@link #handle} on its serving thread,
 * which waits for a pool connection and the query; the event loop calls {@link #handleAsync}, which runs the same
 * call on {@code offLoop}'s threads. Thread-safe.
 */
public final class DbEndpoint implements AutoCloseable {

    /** {@link CacheControl#NO_STORE} ({@link DbAnswer#CACHE_CONTROL}): what this endpoint answers is only true now. */
    private static final byte[] NO_STORE = CacheControl.NO_STORE.getBytes(StandardCharsets.US_ASCII);

    private final Database database;
    private final ExecutorService offLoop;

    /**
     * @param database the pool and its queries; closed with this endpoint
     * @param offLoop  where {@link #handleAsync} runs the blocking call; closed with this endpoint
     */
    public DbEndpoint(Database database, ExecutorService offLoop) {
        this.database = database;
        this.offLoop = offLoop;
    }

    public Database database() {
        return database;
    }

    /** Answers on the calling thread, which blocks for the pool and the query. */
    public void handle(HttpRequest request, ResponseWriter out) throws IOException {
        write(database.answer(request.query()), out);
    }

    /** The same answer, computed on a thread of {@code offLoop}; the caller writes it with {@link #write}. */
    public CompletableFuture<DbAnswer> handleAsync(HttpRequest request) {
        String query = request.query();
        return CompletableFuture.supplyAsync(() -> database.answer(query), offLoop);
    }

    /** Writes an answer of {@link Database#answer}. */
    public static void write(DbAnswer answer, ResponseWriter out) throws IOException {
        ContentType type = DbAnswer.JSON.equals(answer.contentType()) ? ContentType.JSON : ContentType.TEXT;
        out.respond(answer.status(), type, answer.body(), 0, answer.body().length, NO_STORE);
    }

    /** Stops the threads of {@link #handleAsync} (a call in flight is interrupted), then closes the pool. */
    @Override
    public void close() {
        offLoop.shutdownNow();
        database.close();
    }
}
