package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.QueryParams;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * The two workloads that hold the serving thread: {@code /io?ms=N} blocks it N ms (a stand-in for blocking I/O: a
 * virtual thread unmounts, a platform thread is held), {@code /cpu?n=N} keeps it busy for N rounds of integer
 * mixing (about 1 ns each). Stateless and thread-safe.
 */
public final class BlockingWork {

    /** {@link CacheControl#NO_STORE}: what this endpoint answers is only true now. */
    private static final byte[] NO_STORE = CacheControl.NO_STORE.getBytes(StandardCharsets.US_ASCII);

    /** The longest {@code /io} sleep, one minute. */
    public static final long MAX_IO_MILLIS = 60_000;
    /** The most {@code /cpu} rounds, about a second of one core. */
    public static final long MAX_CPU_ROUNDS = 1_000_000_000L;

    /** {@code GET /io?ms=N}. */
    public void io(HttpRequest request, ResponseWriter out) throws IOException, HttpException {
        long millis = ioMillis(request);
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            // Interrupted by a forced shutdown: answer what we can and keep the flag for the thread's owner.
            Thread.currentThread().interrupt();
            throw HttpException.protocol(HttpStatus.SERVICE_UNAVAILABLE, "server stopping");
        }
        ioAnswer(millis, out);
    }

    /** The {@code ms} of {@code /io}; 400 when missing or out of range. */
    public static long ioMillis(HttpRequest request) throws HttpException {
        return QueryParams.integer(request.query(), "ms", 0, MAX_IO_MILLIS);
    }

    /** The answer of {@code /io?ms=N} once its time has passed, on every model. */
    public static void ioAnswer(long millis, ResponseWriter out) throws IOException {
        out.respond(HttpStatus.OK, "io " + millis + " ms\n", NO_STORE);
    }

    /** The {@code n} of {@code /cpu}; 400 when missing or out of range. */
    public static long cpuRounds(HttpRequest request) throws HttpException {
        return QueryParams.integer(request.query(), "n", 0, MAX_CPU_ROUNDS);
    }

    /**
     * {@code GET /cpu?n=N}. The body depends on N alone: a HEAD must carry the Content-Length its GET would, and a
     * body that also held the time taken would change length whenever that time gained a digit.
     */
    public void cpu(HttpRequest request, ResponseWriter out) throws IOException, HttpException {
        long rounds = cpuRounds(request);
        out.respond(HttpStatus.OK, cpuBody(rounds), NO_STORE);
    }

    public static String cpuBody(long rounds) {
        return "cpu n=" + rounds + " result=" + Long.toHexString(mix(rounds)) + "\n";
    }

    /** xorshift64*: a dependent chain the JIT can neither vectorise nor skip. */
    static long mix(long rounds) {
        long x = 0x9E3779B97F4A7C15L;
        for (long i = 0; i < rounds; i++) {
            x ^= x >>> 12;
            x ^= x << 25;
            x ^= x >>> 27;
            x *= 0x2545F4914F6CDD1DL;
        }
        return x;
    }
}
