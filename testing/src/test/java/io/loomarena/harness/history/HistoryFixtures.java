package io.loomarena.harness.history;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.Environment;
import io.loomarena.harness.summary.SummaryFixtures;

/** Summaries and runs with made-up figures for the store's tests: a commit, a start and each fork's milliseconds. */
final class HistoryFixtures {

    static final String SERVER = "VIRTUAL_SERVER";
    static final String CLIENT = "VIRTUAL_CLIENT";
    static final String COMBINATION = SERVER + "+" + CLIENT;

    private HistoryFixtures() {
    }

    /** A summary of {@code server} measured at {@code commit}, started at {@code start}, one array per fork. */
    static BenchmarkSummary summary(String server, String commit, Instant start, double[]... forkMillis) {
        BenchmarkSummary plain = SummaryFixtures.forked(server, CLIENT, forkMillis);
        Environment e = plain.environment();
        Environment moved = new Environment(e.javaVersion(), e.javaVendor(), e.javaVm(), e.javaBinary(),
                e.serverJvmArgs(), e.clientJvmArgs(), e.os(), e.cpuCount(), e.cpusPinned(), e.pinningApplied(),
                e.warnings(), e.loadAverage(), commit, start.toString());
        return new BenchmarkSummary(plain.suite(), plain.combination(), plain.serverModel(), plain.clientModel(),
                plain.serverLabel(), plain.clientLabel(), plain.unit(), plain.workload(), plain.runs(),
                plain.aggregate(), moved);
    }

    /** The echo run of {@code summaries} at {@code commit}, committed at {@code commitTime}, every iteration judged. */
    static RecordedRun run(String commit, Instant commitTime, List<BenchmarkSummary> summaries) {
        Recordings.Context context = new Recordings.Context(new GitRevision(commit, Optional.of(commitTime), false,
                Optional.of("main")), Map.of("cpuModel", "Test CPU"), Map.of("heap", "512m"),
                commitTime.plusSeconds(3600));
        return Recordings.suite("echo", summaries, List.of(), List.of(new RecordedRun.VerdictRow("ranking",
                summaries.get(0).combination(), RunRecords.THROUGHPUT, "rank 1 of 1", 1, 1, 1)), context);
    }

    /** A one-combination run at {@code commit}: two forks, the second {@code slower} ms slower per iteration. */
    static RecordedRun run(String commit, Instant commitTime, double slower) {
        return run(commit, commitTime, List.of(summary(SERVER, commit, commitTime.plusSeconds(60),
                new double[] {10, 10, 10}, new double[] {10 + slower, 10 + slower, 10 + slower})));
    }

    static String commit(int n) {
        return String.format("%040x", n);
    }
}
