package io.loomarena.harness.http;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.measure.RunResult;
import io.loomarena.model.ClientModel;

/**
 * Seed 004's reproduction: one workload (its {@code /fanout?calls=3&ms=N} at its concurrency) against several servers
 * in one run, one after another, each in a fresh JVM with a fresh downstream, a warmup run of the load client and then
 * a measured one, and each server's {@code /metrics} read after its measured run, as the seed read Micrometer's. It
 * answers "do the arena's models and a framework's thread models order the same way", not a ranking: a ranking with
 * intervals is the fanout suite's. A row that fails to start is a line of its own, and the others are still measured.
 * Used by one thread.
 */
public final class SideBySideRun {

    /** How long {@code /metrics} may take to answer after a run. */
    private static final Duration METRICS_TIMEOUT = Duration.ofSeconds(10);

    /**
     * One server's outcome: its figures, or why it could not be measured. Immutable.
     *
     * @param server         the server as written in the run
     * @param label          its ranking label
     * @param throughput     requests per second of the measured run
     * @param p99Millis      p99 latency of the measured run, milliseconds
     * @param errors         failed requests of the measured run
     * @param metrics        what its {@code /metrics} said after the run
     * @param implementation what served ({@code loom-arena} for the arena's own servers)
     * @param failure        the one line of why it was not measured; null when it was
     */
    public record Row(String server, String label, double throughput, double p99Millis, long errors,
                      ServerMetricsFigures metrics, String implementation, String failure) {

        /** Whether it was measured. */
        public boolean measured() {
            return failure == null;
        }

        /** The line the run prints for it, {@code [PERF][SIDE-BY-SIDE] ...}. */
        public String line() {
            if (!measured()) {
                return PREFIX + label + ": not measured: " + failure;
            }
            return PREFIX + String.format(Locale.ROOT, "%s: throughput=%.1f req/s, p99=%.1f ms, errors=%d; /metrics"
                    + " after the run: %s (%s)", label, throughput, p99Millis, errors, metrics.describe(),
                    implementation);
        }
    }

    /** The prefix of every line of the run. */
    public static final String PREFIX = "[PERF][SIDE-BY-SIDE] ";

    private SideBySideRun() {
    }

    /**
     * Measures {@code workload} (a fan-out: each server gets its own downstream) against each of {@code servers}, in
     * order, and prints one line per row on {@code out}.
     */
    public static List<Row> run(List<HttpServerSetup> servers, HttpWorkload workload, HarnessSettings settings,
                                PrintStream out) {
        JvmFork fork = JvmFork.local(settings);
        String uri = workload.path().split("\\?", 2)[0];
        List<Row> rows = new ArrayList<>();
        for (HttpServerSetup server : servers) {
            Row row;
            try {
                row = measure(server, workload, uri, fork, settings);
            } catch (HarnessException e) {
                row = new Row(server.toString(), server.label(), 0, 0, 0, null, null,
                        e.getMessage().strip().lines().findFirst().orElse(""));
            }
            out.println(row.line());
            out.flush();
            rows.add(row);
        }
        return List.copyOf(rows);
    }

    private static Row measure(HttpServerSetup server, HttpWorkload workload, String uri, JvmFork fork,
                               HarnessSettings settings) {
        BenchmarkPlan.Downstream downstream = HttpBenchmarks.downstream();
        // The fan-out suite's downstream, pinned with the client as the suite pins it.
        try (ForkedServer backend = workload.needsDownstream() ? ForkedServer.start(fork, "downstream JVM of "
                + server.label(), downstream.launch(), CpuPinning.Role.CLIENT, settings) : null;
             ForkedServer measured = ForkedServer.start(fork, "server JVM " + server.label(), server.launch(
                     backend == null ? List.of() : downstream.serverArguments().forDownstream(
                             backend.address().host(), backend.address().port())), settings)) {
            String implementation = measured.stats().implementation();
            String origin = "http://" + measured.address().host() + ":" + measured.address().port();
            loadRun(fork, workload, origin, settings, "warmup"); // the JIT's and the pools' first requests
            RunResult result = loadRun(fork, workload, origin, settings, "measured");
            ServerMetricsFigures metrics = ServerMetricsFigures.of(get(origin + "/metrics"), uri);
            return new Row(server.toString(), server.label(), result.throughput(), result.latency().p99() / 1000.0,
                    result.totalErrors(), metrics, implementation == null ? "loom-arena" : implementation, null);
        }
    }

    private static RunResult loadRun(JvmFork fork, HttpWorkload workload, String origin, HarnessSettings settings,
                                     String which) {
        Path json;
        try {
            json = Files.createTempFile("loom-arena-side-by-side-", ".json");
        } catch (IOException e) {
            throw new HarnessException("cannot create the " + which + " run's result file: " + e.getMessage(), e);
        }
        JvmLaunch load = HttpLaunch.load(ClientModel.VIRTUAL, workload, origin, json.toString());
        try (ChildProcess client = fork.start("load client JVM (" + which + ")", load, CpuPinning.Role.CLIENT,
                line -> { })) {
            Duration timeout = settings.clientRunTimeout(workload.expectedOperations());
            if (!client.awaitExit(timeout)) {
                throw new HarnessException(client.describe() + " did not finish the " + which + " run within "
                        + timeout.toSeconds() + " s" + client.details());
            }
            client.awaitOutputEnd(Duration.ofSeconds(2));
            if (client.exitValue() != 0) {
                throw new HarnessException(client.describe() + " failed the " + which + " run (exit "
                        + client.exitValue() + ")" + client.details());
            }
            return RunResult.readJson(json);
        } finally {
            try {
                Files.deleteIfExists(json);
            } catch (IOException e) {
                // A temporary file left behind is harmless.
            }
        }
    }

    private static String get(String url) {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(METRICS_TIMEOUT).build()) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url))
                    .timeout(METRICS_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new HarnessException(url + " answered " + response.statusCode());
            }
            return response.body();
        } catch (IOException e) {
            throw new HarnessException(url + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while reading " + url, e);
        }
    }
}
