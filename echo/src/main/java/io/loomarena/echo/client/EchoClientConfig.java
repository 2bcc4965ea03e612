package io.loomarena.echo.client;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import io.loomarena.model.ClientModel;

/**
 * One echo client run: {@code clients} concurrent sessions, each sending {@code messages} messages of {@code size}
 * bytes and reading each echo before sending the next. The defaults below are the command line's. Immutable; the
 * constructor rejects values outside the documented ranges with a message naming the bad value.
 *
 * @param model          the thread model of the sessions
 * @param host           the echo server's address
 * @param port           its port, 1..65535
 * @param clients        concurrent sessions (one connection each), 1..{@value #MAX_CLIENTS}
 * @param messages       messages per session, 1..{@value #MAX_MESSAGES}
 * @param size           bytes per message, 1..{@value #MAX_SIZE}: a session writes a whole message before it reads
 *                       the echo, so a message must fit in the socket buffers on the way, which 64 KiB always does
 * @param readTimeout    how long a connect or one echo (send a message, read it back) may take before the session
 *                       fails with a timeout
 * @param overallTimeout how long the whole run may take; sessions still running then fail with a timeout
 * @param seed           seed of the random message content (session i uses {@code seed + i})
 */
public record EchoClientConfig(ClientModel model, String host, int port, int clients, int messages, int size,
                               Duration readTimeout, Duration overallTimeout, long seed) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 7007;
    public static final int DEFAULT_CLIENTS = 100;
    public static final int MAX_CLIENTS = 100_000;
    public static final int DEFAULT_MESSAGES = 100;
    public static final int MAX_MESSAGES = 100_000_000;
    public static final int DEFAULT_SIZE = 32;
    public static final int MAX_SIZE = 64 * 1024;
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_OVERALL_TIMEOUT = Duration.ofMinutes(10);
    /** RFC 862: the content is random but the same in every run. */
    public static final long DEFAULT_SEED = 862;

    public EchoClientConfig {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(host, "host");
        requireRange("port", port, 1, 65_535);
        requireRange("clients", clients, 1, MAX_CLIENTS);
        requireRange("messages", messages, 1, MAX_MESSAGES);
        requireRange("size", size, 1, MAX_SIZE);
        requirePositive("read timeout", readTimeout);
        requirePositive("overall timeout", overallTimeout);
    }

    /** A run with the default timeouts and seed. */
    public static EchoClientConfig of(ClientModel model, String host, int port, int clients, int messages, int size) {
        return new EchoClientConfig(model, host, port, clients, messages, size, DEFAULT_READ_TIMEOUT,
                DEFAULT_OVERALL_TIMEOUT, DEFAULT_SEED);
    }

    public EchoClientConfig withTimeouts(Duration newReadTimeout, Duration newOverallTimeout) {
        return new EchoClientConfig(model, host, port, clients, messages, size, newReadTimeout, newOverallTimeout, seed);
    }

    /** {@link #readTimeout()} in nanoseconds, capped so that {@code System.nanoTime()} plus it cannot overflow. */
    public long readTimeoutNanos() {
        return cappedNanos(readTimeout);
    }

    /** {@link #overallTimeout()} in nanoseconds, capped so that {@code System.nanoTime()} plus it cannot overflow. */
    public long overallTimeoutNanos() {
        return cappedNanos(overallTimeout);
    }

    /** A duration in nanoseconds, at most a quarter of {@link Long#MAX_VALUE} (about 73 years). */
    private static long cappedNanos(Duration duration) {
        return Math.min(TimeUnit.NANOSECONDS.convert(duration), Long.MAX_VALUE / 4);
    }

    /** The workload as the run result records it, keys in this order: host, port, clients, messages, size. */
    public Map<String, Object> workload() {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("host", host);
        workload.put("port", port);
        workload.put("clients", clients);
        workload.put("messages", messages);
        workload.put("size", size);
        return workload;
    }

    private static void requireRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be " + min + ".." + max + ", was " + value);
        }
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }
}
