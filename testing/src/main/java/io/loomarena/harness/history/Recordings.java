package io.loomarena.harness.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import io.loomarena.harness.capacity.CapacitySummary;
import io.loomarena.harness.gate.AbResults;
import io.loomarena.harness.ranking.RankedCombination;
import io.loomarena.harness.ranking.Ranking;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ResultFiles;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Builds the {@link RecordedRun} of a suite's ranking, of an A/B gate or of a capacity search from what they wrote,
 * for the live recording ({@link HistoryRecorder}) and for an import ({@link HistoryImport}) alike. Stateless.
 */
public final class Recordings {

    /** The suite name of an A/B gate's runs. */
    public static final String AB_GATE = "ab-gate";
    /** The suite name of a capacity search's runs. */
    public static final String CAPACITY = "capacity";
    /** The metric of a capacity search: the highest rate that kept the latency objective. */
    public static final String SUSTAINED_RATE = "sustainedRate";

    private Recordings() {
    }

    /**
     * Where and when a run was made, as its recorder knows it.
     *
     * @param git      the working tree's revision (the summaries' own commit wins where they name one)
     * @param machine  this machine's facts for the testbed, empty when the run was not measured here
     * @param settings the run options that change figures beyond what summaries hold
     * @param end      when the run ended
     * @param commits  the committer time of a commit the summaries name that is not the tree's own (summaries
     *                 measured earlier, ranked again), when the repository knows it
     */
    public record Context(GitRevision git, Map<String, String> machine, Map<String, String> settings, Instant end,
                          java.util.function.Function<String, Optional<Instant>> commits) {

        public Context {
            machine = Map.copyOf(machine);
            settings = Map.copyOf(settings);
        }

        /** A context that knows no commit but the tree's own. */
        public Context(GitRevision git, Map<String, String> machine, Map<String, String> settings, Instant end) {
            this(git, machine, settings, end, commit -> Optional.empty());
        }
    }

    /**
     * A suite's run: its summaries as written, each judged as {@code groups} (the ranking) judged it, and the
     * ranking's verdicts; every iteration judged and no verdicts when {@code groups} is empty (an import).
     */
    public static RecordedRun suite(String suite, List<BenchmarkSummary> written, List<Ranking> groups,
                                    Context context) {
        List<BenchmarkSummary> judged = groups.stream().flatMap(group -> group.entries().stream())
                .map(RankedCombination::summary).toList();
        List<RecordedRun.VerdictRow> verdicts = new ArrayList<>();
        for (Ranking group : groups) {
            for (RankedCombination entry : group.entries()) {
                if (written.stream().anyMatch(summary -> sameCombination(entry.summary(), summary))) {
                    String tied = entry.tiedWith().isEmpty() ? "" : ", tied with " + entry.tiedWith();
                    verdicts.add(new RecordedRun.VerdictRow("ranking", entry.combination(), RunRecords.THROUGHPUT,
                            "rank " + entry.rank() + " of " + group.entries().size() + tied,
                            entry.vsFastest().ratio(), entry.vsFastest().lower(), entry.vsFastest().upper()));
                }
            }
        }
        return suite(suite, written, judged, verdicts, context);
    }

    /**
     * A suite's run whose iterations are judged as {@code judged} (the ranking's views of the summaries) holds them;
     * a combination without a view has every iteration judged.
     */
    public static RecordedRun suite(String suite, List<BenchmarkSummary> written, List<BenchmarkSummary> judged,
                                    List<RecordedRun.VerdictRow> verdicts, Context context) {
        Map<String, BenchmarkSummary> byName = new TreeMap<>();
        written.forEach(summary -> byName.put(summary.combination(), summary));
        List<RecordedRun.Figure> figures = new ArrayList<>();
        for (BenchmarkSummary summary : byName.values()) {
            Optional<BenchmarkSummary> view = judged.stream().filter(j -> sameCombination(j, summary)).findFirst();
            figures.addAll(RunRecords.figures(summary.combination(), summary, view));
        }
        return run(suite, byName, figures, verdicts, context);
    }

    /**
     * An A/B gate's run: both builds' summaries of every gated suite, named {@code <build>/<suite>/<combination>}
     * ({@code this-build}, {@code baseline}), and every verdict row; empty when the gate left nothing.
     */
    public static Optional<RecordedRun> abGate(AbResults results, Context context) {
        Map<String, BenchmarkSummary> byName = new TreeMap<>();
        List<AbResults.SuiteVerdicts> suites = results.readAll();
        List<RecordedRun.VerdictRow> verdicts = new ArrayList<>();
        for (AbResults.SuiteVerdicts suite : suites) {
            add(byName, "this-build/" + suite.suite() + "/", results.candidateSummaries().readSuite(suite.suite()));
            add(byName, "baseline/" + suite.suite() + "/", results.baselineSummaries().readSuite(suite.suite()));
            for (AbResults.Row row : suite.rows()) {
                verdicts.add(new RecordedRun.VerdictRow(AB_GATE, suite.suite() + "/" + row.combination(), row.rule(),
                        row.outcome() + " (" + suite.candidate() + " vs " + suite.baseline() + ")", row.ratio(),
                        row.ratioLower(), row.ratioUpper()));
            }
        }
        if (byName.isEmpty()) {
            return Optional.empty();
        }
        List<RecordedRun.Figure> figures = new ArrayList<>();
        byName.forEach((name, summary) -> figures.addAll(RunRecords.figures(name, summary, Optional.empty())));
        return Optional.of(run(AB_GATE, byName, figures, verdicts, context));
    }

    /** A capacity search's run: each combination's sustained rate, one point, and its finding as the verdict. */
    public static Optional<RecordedRun> capacity(List<CapacitySummary> summaries, Context context) {
        if (summaries.isEmpty()) {
            return Optional.empty();
        }
        List<RecordedRun.StoredSummary> stored = new ArrayList<>();
        List<RecordedRun.Figure> figures = new ArrayList<>();
        List<RecordedRun.VerdictRow> verdicts = new ArrayList<>();
        StringBuilder identity = new StringBuilder(CAPACITY).append('\n');
        Instant start = context.end();
        for (CapacitySummary summary : summaries) {
            String json = json(summary);
            stored.add(new RecordedRun.StoredSummary(RecordedRun.StoredSummary.CAPACITY, summary.combination(), json));
            figures.add(new RecordedRun.Figure(summary.combination(), SUSTAINED_RATE, "req/s", false, 1, 1,
                    summary.sustainedRate(), !summary.finding().badInput()));
            verdicts.add(new RecordedRun.VerdictRow(CAPACITY, summary.combination(), SUSTAINED_RATE,
                    summary.sustained(), summary.sustainedRate(), summary.sustainedRate(),
                    summary.kneeBelow() == null ? Double.NaN : summary.kneeBelow()));
            identity.append(json).append('\n');
            Optional<Instant> started = RunRecords.instant(summary.environment().get("startedAt"));
            if (started.isPresent() && started.get().isBefore(start)) {
                start = started.get();
            }
        }
        TestbedRow testbed = Testbed.ofCapacity(summaries.get(0).environment(), context.machine(), start);
        GitRevision git = context.git();
        return Optional.of(new RecordedRun(git.commit(), git.commitTime().orElse(start), git.dirty(), git.branch(),
                start, context.end(), CAPACITY, testbed, new TreeMap<>(context.settings()), Optional.empty(), stored,
                figures, verdicts, Testbed.sha256(identity.toString())));
    }

    private static RecordedRun run(String suite, Map<String, BenchmarkSummary> byName,
                                   List<RecordedRun.Figure> figures, List<RecordedRun.VerdictRow> verdicts,
                                   Context context) {
        List<BenchmarkSummary> summaries = List.copyOf(byName.values());
        Instant start = RunRecords.start(summaries, context.end());
        // An A/B gate's run measured this build: its commit, not the baseline's, is the run's.
        BenchmarkSummary first = byName.entrySet().stream().filter(e -> !e.getKey().startsWith("baseline/"))
                .map(Map.Entry::getValue).findFirst().orElse(summaries.get(0));
        String commit = first.environment().gitCommit();
        GitRevision git = context.git();
        // The summaries name the commit they measured; git's answers hold only when it is the tree's own.
        boolean sameTree = commit == null || commit.equals(GitRevision.UNKNOWN) || commit.equals(git.commit());
        String measured = sameTree ? git.commit() : commit;
        Instant commitTime = (sameTree ? git.commitTime() : context.commits().apply(commit)).orElse(start);
        List<RecordedRun.StoredSummary> stored = new ArrayList<>();
        byName.forEach((name, summary) -> stored.add(new RecordedRun.StoredSummary(
                RecordedRun.StoredSummary.BENCHMARK, name, SummaryStore.toJson(summary))));
        SortedMap<String, String> options = RunRecords.withSettings(RunRecords.options(summaries), context.settings());
        return new RecordedRun(measured, commitTime, sameTree && git.dirty(),
                sameTree ? git.branch() : Optional.empty(), start, context.end(), suite,
                Testbed.of(first.environment(), context.machine(), start), options, RunRecords.seed(summaries),
                stored, figures, verdicts, RunRecords.contentKey(suite, byName));
    }

    private static void add(Map<String, BenchmarkSummary> byName, String prefix, List<BenchmarkSummary> summaries) {
        summaries.forEach(summary -> byName.put(prefix + summary.combination(), summary));
    }

    /** A ranking's view of a combination is its summary judged: same combination, same cell. */
    private static boolean sameCombination(BenchmarkSummary judged, BenchmarkSummary written) {
        return judged.combination().split("@", 2)[0].equals(written.combination())
                && io.loomarena.harness.summary.ServerCell.of(judged).equals(
                        io.loomarena.harness.summary.ServerCell.of(written));
    }

    private static String json(Object value) {
        try {
            return ResultFiles.JSON.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a capacity summary that cannot be written as JSON", e);
        }
    }
}
