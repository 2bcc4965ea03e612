package io.loomarena.framework.support;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.loomarena.http.server.ServerMetrics;
import io.loomarena.http.server.protocol.ContentType;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * A framework application's figures, in two places: Micrometer's Prometheus registry for {@code /metrics} (as seed
 * 004 exposes them: {@code http_server_requests_seconds} by method, uri, status and outcome, JVM threads and memory,
 * CPU, and the database pool's HikariCP meters when there is one) and the arena's own {@link ServerMetrics}, whose
 * counters {@code stats} on stdin reports as it does for the arena's servers (requests, requests in progress and
 * their peak, requests being served on virtual threads; connections where the framework lets the application count
 * them). Thread-safe.
 */
public final class FrameworkMetrics {

    /** The timer of every request, named as Spring Boot names it (Prometheus: {@code http_server_requests_seconds}). */
    public static final String REQUESTS_TIMER = "http.server.requests";
    /** The uri tag of a path no endpoint serves (one series for all of them, as Spring Boot does). */
    public static final String NOT_FOUND_URI = "NOT_FOUND";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final ServerMetrics counters = new ServerMetrics();
    private final boolean timesRequests;
    /** One timer per method, uri and status, found once: a request then costs a map lookup, not a registration. */
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    /**
     * @param timesRequests whether {@link #requestEnded} records {@value #REQUESTS_TIMER}: false for a framework that
     *                      records it itself into {@link #registry()} ({@link Framework#timesRequests()})
     */
    public FrameworkMetrics(boolean timesRequests) {
        this.timesRequests = timesRequests;
        new JvmThreadMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
    }

    /** The registry {@code /metrics} shows; a framework or the database pool may add its own meters to it. */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** The arena's counters of this server (a framework adapter may report its connections here). */
    public ServerMetrics counters() {
        return counters;
    }

    /** What {@code stats} on stdin reports. */
    public Map<String, Long> statsCounters() {
        return counters.counters();
    }

    /**
     * A request's handling begins on the calling thread; a virtual one is counted as a live virtual thread of the
     * server until {@link #requestEnded} (the JVM counts only platform threads), so {@code stats} shows which threads
     * the framework serves on.
     */
    void requestStarted() {
        counters.requestStarted();
        if (Thread.currentThread().isVirtual()) {
            counters.virtualThreadStarted();
        }
    }

    /** The request {@link #requestStarted} on this thread was answered with {@code status} after {@code nanos}. */
    void requestEnded(String method, String uri, int status, long nanos) {
        if (Thread.currentThread().isVirtual()) {
            counters.virtualThreadEnded();
        }
        counters.requestEnded();
        counters.responded(status);
        if (timesRequests) {
            timers.computeIfAbsent(method + ' ' + uri + ' ' + status, key -> Timer.builder(REQUESTS_TIMER)
                    .tag("method", method).tag("uri", uri).tag("status", String.valueOf(status))
                    .tag("outcome", outcome(status)).tag("exception", "none")
                    .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    /** The Prometheus text of every meter, in the format of {@link ContentType#PROMETHEUS}. */
    public String scrape() {
        return registry.scrape(ContentType.PROMETHEUS.value());
    }

    /** Spring Boot's outcome tag: the status class. */
    private static String outcome(int status) {
        return switch (status / 100) {
            case 1 -> "INFORMATIONAL";
            case 2 -> "SUCCESS";
            case 3 -> "REDIRECTION";
            case 4 -> "CLIENT_ERROR";
            case 5 -> "SERVER_ERROR";
            default -> "UNKNOWN";
        };
    }
}
