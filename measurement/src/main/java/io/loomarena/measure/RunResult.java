package io.loomarena.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.HdrHistogram.Histogram;

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
 * @param iterations   the measured iterations one by one, in order ({@link IterationLoop}); the figures above are
 *                     theirs added together (elapsed and operations summed, histograms merged). A single-iteration
 *                     run lists itself once; empty only in results written before iterations existed
 */
public record RunResult(String tool, String clientModel, Map<String, Object> workload, long pid, String startedAt,
                        long elapsedNanos, long operations, double throughput, Map<String, Long> errors,
                        LatencyStats latency, String histogram, List<Iteration> iterations) {

    /**
     * One measured iteration of a run: a fixed amount of work timed on its own. Immutable.
     *
     * @param index        1-based among the measured iterations; 0 for a warmup that had errors, reported as the
     *                     only iteration because the run stopped in it
     * @param startedAt    ISO-8601 instant at which its timed work started
     * @param elapsedNanos wall time of its fixed amount of work
     * @param operations   operations completed successfully
     * @param throughput   operations per second
     * @param errors       failures by kind
     * @param latency      per-operation latency in microseconds
     * @param histogram    its latency histogram, compressed base64
     * @param clientCpuLoad the client process's CPU time over the iteration divided by its wall time and by the
     *                      processors the client may use (1.0: all of them busy all the time), so that a capacity
     *                      search can tell a client with CPU to spare from one that was the limit; null when the
     *                      client did not measure it (the echo client, results written before it existed)
     * @param sendLag      how far an open-model client kept its schedule ({@link SendLag}); null for the closed and
     *                     ramp models, other clients, and results written before it existed
     */
    public record Iteration(int index, String startedAt, long elapsedNanos, long operations, double throughput,
                            Map<String, Long> errors, LatencyStats latency, String histogram, Double clientCpuLoad,
                            SendLag sendLag) {

        public Iteration {
            errors = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(errors));
        }

        /** An iteration whose client did not measure its send lag. */
        public Iteration(int index, String startedAt, long elapsedNanos, long operations, double throughput,
                         Map<String, Long> errors, LatencyStats latency, String histogram, Double clientCpuLoad) {
            this(index, startedAt, elapsedNanos, operations, throughput, errors, latency, histogram, clientCpuLoad,
                    null);
        }

        /** An iteration whose client did not measure its own CPU. */
        public Iteration(int index, String startedAt, long elapsedNanos, long operations, double throughput,
                         Map<String, Long> errors, LatencyStats latency, String histogram) {
            this(index, startedAt, elapsedNanos, operations, throughput, errors, latency, histogram, null, null);
        }

        public long totalErrors() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }
    }

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
        iterations = iterations == null ? List.of() : List.copyOf(iterations);
    }

    /** The result of one timed piece of work: its own single iteration. */
    public RunResult(String tool, String clientModel, Map<String, Object> workload, long pid, String startedAt,
                     long elapsedNanos, long operations, double throughput, Map<String, Long> errors,
                     LatencyStats latency, String histogram) {
        this(tool, clientModel, workload, pid, startedAt, elapsedNanos, operations, throughput, errors, latency,
                histogram, List.of(new Iteration(1, startedAt, elapsedNanos, operations, throughput, errors, latency,
                        histogram)));
    }

    /**
     * The result of several measured iterations of one client run (each a single-iteration result, in order): their
     * figures added together, and each kept in {@link #iterations()}.
     */
    public static RunResult ofIterations(List<RunResult> measured) {
        if (measured.isEmpty()) {
            throw new IllegalArgumentException("no measured iteration");
        }
        RunResult first = measured.get(0);
        Histogram merged = LatencyHistograms.newHistogram();
        Map<String, Long> errors = new java.util.TreeMap<>();
        List<Iteration> iterations = new java.util.ArrayList<>();
        long elapsed = 0;
        long operations = 0;
        boolean histograms = true;
        for (RunResult run : measured) {
            elapsed += run.elapsedNanos();
            operations += run.operations();
            run.errors().forEach((kind, count) -> errors.merge(kind, count, Long::sum));
            histograms &= run.histogram() != null && !run.histogram().isEmpty();
            if (histograms) {
                merged.add(LatencyHistograms.decode(run.histogram()));
            }
            Iteration only = run.iterations().size() == 1 ? run.iterations().get(0) : null;
            iterations.add(new Iteration(iterations.size() + 1, run.startedAt(), run.elapsedNanos(),
                    run.operations(), run.throughput(), run.errors(), run.latency(), run.histogram(),
                    only == null ? null : only.clientCpuLoad(), only == null ? null : only.sendLag()));
        }
        return new RunResult(first.tool(), first.clientModel(), first.workload(), first.pid(), first.startedAt(),
                elapsed, operations, throughput(operations, elapsed), errors,
                histograms ? LatencyStats.of(merged) : first.latency(),
                histograms ? LatencyHistograms.encode(merged) : "", iterations);
    }

    /** This result of one warmup iteration, marked as such (its iteration numbered 0): nothing was measured. */
    RunResult asFailedWarmup() {
        List<Iteration> marked = iterations.stream().map(i -> new Iteration(0, i.startedAt(), i.elapsedNanos(),
                i.operations(), i.throughput(), i.errors(), i.latency(), i.histogram(), i.clientCpuLoad(), i.sendLag()))
                .toList();
        return new RunResult(tool, clientModel, workload, pid, startedAt, elapsedNanos, operations, throughput, errors,
                latency, histogram, marked);
    }

    /** This single-iteration result with its client's CPU load ({@link Iteration#clientCpuLoad()}) recorded. */
    public RunResult withClientCpuLoad(Double load) {
        List<Iteration> loaded = iterations.stream().map(i -> new Iteration(i.index(), i.startedAt(), i.elapsedNanos(),
                i.operations(), i.throughput(), i.errors(), i.latency(), i.histogram(), load, i.sendLag())).toList();
        return new RunResult(tool, clientModel, workload, pid, startedAt, elapsedNanos, operations, throughput, errors,
                latency, histogram, loaded);
    }

    /** This single-iteration result with its client's send lag ({@link Iteration#sendLag()}) recorded. */
    public RunResult withSendLag(SendLag lag) {
        List<Iteration> lagged = iterations.stream().map(i -> new Iteration(i.index(), i.startedAt(), i.elapsedNanos(),
                i.operations(), i.throughput(), i.errors(), i.latency(), i.histogram(), i.clientCpuLoad(), lag))
                .toList();
        return new RunResult(tool, clientModel, workload, pid, startedAt, elapsedNanos, operations, throughput, errors,
                latency, histogram, lagged);
    }

    /** This result with another workload: the combined one of several hosts' clients, which only the harness knows. */
    public RunResult withWorkload(Map<String, Object> newWorkload) {
        return new RunResult(tool, clientModel, newWorkload, pid, startedAt, elapsedNanos, operations, throughput,
                errors, latency, histogram, iterations);
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
            ParentFolder.create(file);
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
