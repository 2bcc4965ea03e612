package io.loomarena.harness.session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.HostResults;
import io.loomarena.measure.RunResult;

/**
 * The client JVMs of one fork: one per client fork of the {@link Deployment}, each with its share of the work and its
 * result files, there (on its host) and here; and, once they exited, their results read and merged. Immutable.
 */
final class ClientJvms {

    /** One client JVM of a fork: where it runs and where its files are, there and here. */
    record ClientJvm(JvmFork fork, String host, Path json, String jsonThere, Path histogramLog,
                     String histogramLogThere, JvmLaunch launch) {
    }

    /**
     * What the client JVMs of one fork measured: their results merged into one, and per client host the operations
     * completed and the errors seen over the measured iterations.
     */
    record Results(RunResult merged, Map<String, Long> operationsPerHost, Map<String, Map<String, Long>> errorsPerHost) {
    }

    private final BenchmarkPlan plan;
    private final List<ClientJvm> jvms;

    private ClientJvms(BenchmarkPlan plan, List<ClientJvm> jvms) {
        this.plan = plan;
        this.jvms = List.copyOf(jvms);
    }

    /** The client JVMs of fork {@code forkNumber} against {@code server}, writing their results under {@code workDir}. */
    static ClientJvms of(BenchmarkPlan plan, HarnessSettings settings, Deployment deployment, Path workDir,
                         int forkNumber, ForkedServer server) {
        List<JvmFork> forks = deployment.clients();
        String host = deployment.connectAddress().orElse(server.address().host());
        List<ClientJvm> jvms = new ArrayList<>();
        for (int c = 0; c < forks.size(); c++) {
            JvmFork fork = forks.get(c);
            String suffix = forks.size() > 1 ? "-client-" + (c + 1) : "";
            Path json = workDir.resolve("fork-" + forkNumber + suffix + ".json");
            Path log = workDir.resolve("fork-" + forkNumber + suffix + ".hlog");
            String jsonThere = fork.launcher().fileFor(json);
            String logThere = fork.launcher().fileFor(log);
            JvmLaunch launch;
            try {
                launch = plan.client().forRun(host, server.address().port(), jsonThere,
                        new BenchmarkPlan.ClientShare(c, forks.size()));
            } catch (IllegalArgumentException e) {
                throw new HarnessException(plan.combination() + ": " + e.getMessage());
            }
            List<String> more = new ArrayList<>(List.of("--warmup-iterations",
                    String.valueOf(settings.warmupIterations()), "--iterations", String.valueOf(settings.iterations()),
                    "--paced"));
            if (forks.size() > 1) {
                more.addAll(List.of("--histogram-log", logThere));
            }
            jvms.add(new ClientJvm(fork, fork.launcher().host(), json, jsonThere, log, logThere,
                    launch.withMoreArgs(more)));
        }
        return new ClientJvms(plan, jvms);
    }

    List<ClientJvm> jvms() {
        return jvms;
    }

    int count() {
        return jvms.size();
    }

    /**
     * Every client's result, fetched from its host and read; with several clients, merged into one: operations
     * added, the longest client's time as the window, latency from their merged interval logs.
     */
    Results collect(List<ChildProcess> clients, String forkLabel) {
        List<HostResults.HostRun> runs = new ArrayList<>();
        for (int c = 0; c < jvms.size(); c++) {
            runs.add(fetch(jvms.get(c), clients.get(c)));
        }
        Map<String, Long> operations = new LinkedHashMap<>();
        for (HostResults.HostRun run : runs) {
            operations.merge(run.host(), run.result().iterations().stream()
                    .mapToLong(RunResult.Iteration::operations).sum(), Long::sum);
        }
        if (runs.size() == 1) {
            HostResults.HostRun run = runs.get(0);
            Map<String, Long> errors = new TreeMap<>();
            run.result().iterations().forEach(iteration -> iteration.errors().forEach((kind, n) ->
                    errors.merge(kind, n, Long::sum)));
            return new Results(run.result(), operations, Map.of(run.host(), errors));
        }
        try {
            return new Results(HostResults.merge(runs), operations, HostResults.errorsPerHost(runs));
        } catch (RuntimeException e) {
            throw new HarnessException("the client results of " + forkLabel + " of " + plan.combination()
                    + " cannot be merged: " + e.getMessage(), e);
        }
    }

    private HostResults.HostRun fetch(ClientJvm jvm, ChildProcess client) {
        try {
            jvm.fork().launcher().fetch(jvm.jsonThere(), jvm.json());
            if (jvms.size() > 1) {
                jvm.fork().launcher().fetch(jvm.histogramLogThere(), jvm.histogramLog());
            }
        } catch (HarnessException e) {
            throw new HarnessException(client.describe() + " exited 0 but its result could not be fetched from "
                    + jvm.host() + ": " + e.getMessage() + client.details());
        }
        if (!Files.isRegularFile(jvm.json())) {
            throw new HarnessException(client.describe() + " exited 0 but wrote no result to " + jvm.jsonThere()
                    + client.details());
        }
        return new HostResults.HostRun(jvm.host(), RunResult.readJson(jvm.json()), jvm.histogramLog());
    }
}
