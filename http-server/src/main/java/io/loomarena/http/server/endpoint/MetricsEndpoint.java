package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import io.loomarena.http.server.ServerMetrics;
import io.loomarena.http.server.db.PoolFigures;
import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.ResponseWriter;
import io.loomarena.model.ServerModel;

/**
 * {@code GET /metrics} in the Prometheus text format 0.0.4: connections, handlers, requests in progress and their
 * peak, responses by status, the server's live virtual threads and their peak (which the JVM's thread counts leave
 * out), JVM platform threads, heap and process CPU time, and with a database the pool of {@code /db} (connections
 * active and idle, threads waiting for one: the pool's ceiling). Built per request (it is not a hot path).
 * Thread-safe.
 */
public final class MetricsEndpoint {

    /** {@link CacheControl#NO_STORE}: what this endpoint answers is only true now. */
    private static final byte[] NO_STORE = CacheControl.NO_STORE.getBytes(StandardCharsets.US_ASCII);

    private final ServerMetrics metrics;
    private final String modelName;
    private final String modelLabel;
    private final Supplier<Optional<PoolFigures>> pool;

    /** Without a database pool (the netty reference). */
    public MetricsEndpoint(ServerMetrics metrics, ServerModel model) {
        this(metrics, model, Optional::empty);
    }

    /** @param pool the database pool's figures now, empty without a database */
    public MetricsEndpoint(ServerMetrics metrics, ServerModel model, Supplier<Optional<PoolFigures>> pool) {
        this.metrics = metrics;
        this.modelName = model.cliName();
        this.modelLabel = "{model=\"" + modelName + "\"}";
        this.pool = pool;
    }

    public void handle(ResponseWriter out) throws IOException {
        byte[] body = render().getBytes(StandardCharsets.UTF_8);
        out.respond(HttpStatus.OK, ContentType.PROMETHEUS, body, 0, body.length, NO_STORE);
    }

    /** The exposition text. */
    public String render() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        StringBuilder text = new StringBuilder(2048);
        gauge(text, "loomarena_http_active_connections", "Open client connections, queued ones included.",
                metrics.activeConnections());
        gauge(text, "loomarena_http_handlers", "Threads serving a connection right now (platform or virtual).",
                metrics.handlers());
        gauge(text, "loomarena_http_requests_in_progress", "Requests parsed and not yet answered.",
                metrics.inProgress());
        gauge(text, "loomarena_http_requests_in_progress_peak", "Most requests in progress at once since start.",
                metrics.peakInProgress());
        counter(text, "loomarena_http_connections_accepted_total", "Connections accepted.", metrics.accepted());
        counter(text, "loomarena_http_connections_rejected_total",
                "Connections refused with 503: no thread took them (pool queue full, no native thread left, stopping).",
                metrics.rejected());
        text.append("# HELP loomarena_http_requests_total Responses sent, by status.\n")
                .append("# TYPE loomarena_http_requests_total counter\n");
        for (Map.Entry<Integer, Long> entry : metrics.responsesByStatus().entrySet()) {
            text.append("loomarena_http_requests_total{model=\"").append(modelName)
                    .append("\",status=\"").append(entry.getKey()).append("\"} ").append(entry.getValue()).append('\n');
        }
        gauge(text, "loomarena_http_virtual_threads",
                "Live virtual threads of the server: connection handlers and downstream calls (0 on platform models).",
                metrics.virtualThreads());
        gauge(text, "loomarena_http_virtual_threads_peak", "Most live virtual threads of the server at once since start.",
                metrics.peakVirtualThreads());
        pool.get().ifPresent(figures -> {
            gauge(text, "loomarena_db_pool_active_connections", "Connections of the /db pool lent to a request.",
                    figures.active());
            gauge(text, "loomarena_db_pool_idle_connections", "Open connections of the /db pool nobody holds.",
                    figures.idle());
            gauge(text, "loomarena_db_pool_pending_threads",
                    "Threads waiting for a /db pool connection: above 0 with every connection active, the pool is"
                            + " the ceiling.", figures.pending());
            gauge(text, "loomarena_db_pool_max_connections", "Size of the /db pool (--db-pool-size).", figures.max());
        });
        gauge(text, "jvm_threads_live", "Live platform threads (virtual threads are not counted by the JVM).",
                threads.getThreadCount());
        gauge(text, "jvm_threads_peak", "Peak live platform threads since start.", threads.getPeakThreadCount());
        gauge(text, "jvm_memory_heap_used_bytes", "Heap in use.",
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            text.append("# HELP process_cpu_seconds_total CPU time of the process, user and system.\n")
                    .append("# TYPE process_cpu_seconds_total counter\n")
                    .append("process_cpu_seconds_total ").append(os.getProcessCpuTime() / 1e9).append('\n');
        }
        return text.toString();
    }

    private void gauge(StringBuilder text, String name, String help, long value) {
        metric(text, name, help, "gauge", value);
    }

    private void counter(StringBuilder text, String name, String help, long value) {
        metric(text, name, help, "counter", value);
    }

    private void metric(StringBuilder text, String name, String help, String type, long value) {
        text.append("# HELP ").append(name).append(' ').append(help).append('\n')
                .append("# TYPE ").append(name).append(' ').append(type).append('\n')
                .append(name).append(name.startsWith("jvm_") ? "" : modelLabel).append(' ').append(value).append('\n');
    }
}
