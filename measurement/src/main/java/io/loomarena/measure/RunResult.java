package io.loomarena.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * What one load-client run measured: the JSON that {@code echo client --json} and {@code http-server load --json}
 * write, and that the harness collects into a suite summary. Immutable.
 *
 * @param tool         which client wrote it ({@code echo-client} or {@code http-load})
 * @param clientModel  the client's thread model ({@code platform} or {@code virtual})
 * @param workload     every workload parameter, in a stable order (clients, messages, size / url, connections, ...)
 * @param pid          the client process id
 * @param startedAt    ISO-8601 instant at which the measured work started
 * @param elapsedNanos wall time of the whole fixed amount of work
 * @param operations   messages or requests completed successfully
 * @param throughput   operations per second ({@code operations / elapsed})
 * @param errors       failures by kind (refused, timeout, mismatch, reset, eof, ... ); zero counts may be omitted
 * @param latency      per-operation latency in microseconds
 * @param histogram    the merged latency histogram, compressed base64 ({@link LatencyHistograms#encode})
 */
public record RunResult(String tool, String clientModel, Map<String, Object> workload, long pid, String startedAt,
                        long elapsedNanos, long operations, double throughput, Map<String, Long> errors,
                        LatencyStats latency, String histogram) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public RunResult {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(clientModel, "clientModel");
        workload = java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(Objects.requireNonNull(workload, "workload")));
        errors = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(Objects.requireNonNull(errors, "errors")));
        Objects.requireNonNull(latency, "latency");
        if (elapsedNanos < 0 || operations < 0) {
            throw new IllegalArgumentException("elapsedNanos and operations must be >= 0");
        }
    }

    /** Sum of all errors of every kind. */
    public long totalErrors() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Throughput for a fixed amount of work done in a measured time. */
    public static double throughput(long operations, long elapsedNanos) {
        return elapsedNanos == 0 ? 0 : operations * 1e9 / elapsedNanos;
    }

    /** Writes this result as pretty-printed JSON, creating parent folders. */
    public void writeJson(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            JSON.writeValue(file.toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write run result to " + file, e);
        }
    }

    /** Reads what {@link #writeJson} wrote. */
    public static RunResult readJson(Path file) {
        try {
            return JSON.readValue(file.toFile(), RunResult.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read run result " + file + ": " + e.getMessage(), e);
        }
    }
}
