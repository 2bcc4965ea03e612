package io.loomarena.harness.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.capacity.CapacityPlan;
import io.loomarena.harness.capacity.CapacitySummary;
import io.loomarena.harness.gate.AbResults;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.ranking.Suites;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ServerCell;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Records the runs a results folder ({@code target-results/}, or a copy of one) holds: each suite's summaries as one
 * run (each cell's, when the run set JVM axes), the A/B gate's folder as one, the capacity searches as one, their
 * commit and times from the summaries. Iterations are judged as a ranking would judge them today. A run already in
 * the history (the same content key, {@link RunRecords#contentKey}: the same iterations of the same combinations
 * started at the same time) is skipped, so importing a folder twice, or after it was recorded live, adds nothing.
 * Stateless.
 */
public final class HistoryImport {

    /**
     * What an import did.
     *
     * @param recorded runs added
     * @param skipped  runs found already recorded
     * @param lines    one {@code [PERF][HISTORY]} line per run added or skipped, and per folder that could not be read
     */
    public record Result(int recorded, int skipped, List<String> lines) {

        public Result {
            lines = List.copyOf(lines);
        }
    }

    private HistoryImport() {
    }

    /**
     * Imports every run under {@code resultsDir} into {@code store}: what the {@code history import} command calls.
     *
     * @param repository   a clone that may know the summaries' commits (their committer times order the series);
     *                     the run's start is used for a commit it does not know
     * @param measuredHere whether the runs were measured on this machine: its CPU model, memory and virtualisation
     *                     then join their testbeds, as a live recording's do (else the testbed holds only what the
     *                     summaries say, a testbed of its own)
     */
    public static Result importResults(Path resultsDir, HistoryStore store, Path repository, boolean measuredHere) {
        if (!Files.isDirectory(resultsDir)) {
            throw new HistoryException("cannot import " + resultsDir + ": no such folder");
        }
        Map<String, String> machine = measuredHere ? Testbed.thisMachine() : Map.of();
        List<RecordedRun> runs = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        collect(resultsDir, repository, machine, runs, lines);
        int recorded = 0;
        int skipped = 0;
        for (RecordedRun run : runs) {
            Optional<Long> before = store.recorded(run.contentKey());
            if (before.isPresent()) {
                skipped++;
                lines.add(HistoryRecorder.PREFIX + "skipped " + run.suite() + " of " + run.start() + ": already run "
                        + before.get());
                continue;
            }
            long id = store.record(run);
            recorded++;
            lines.add(HistoryRecorder.PREFIX + "imported run " + id + " (" + run.suite() + ", " + run.commit() + ")");
        }
        lines.add(HistoryRecorder.PREFIX + "imported " + recorded + (recorded == 1 ? " run" : " runs") + " from "
                + resultsDir + " into "
                + store.describe() + ", " + skipped + " already there");
        return new Result(recorded, skipped, lines);
    }

    private static void collect(Path resultsDir, Path repository, Map<String, String> machine,
                                List<RecordedRun> runs, List<String> lines) {
        for (Path folder : folders(resultsDir)) {
            String name = String.valueOf(folder.getFileName());
            try {
                if (name.equals(ServerCell.CELLS_FOLDER)) {
                    for (Path jvm : folders(folder)) {
                        for (Path flagSet : folders(jvm)) {
                            collect(flagSet, repository, machine, runs, lines);
                        }
                    }
                } else if (name.equals(AbResults.FOLDER)) {
                    AbResults results = new AbResults(resultsDir);
                    Recordings.abGate(results, context(repository, machine, results.candidateSummaries()
                            .readSuite(firstSuite(folder.resolve("this-build"))))).ifPresent(runs::add);
                } else if (name.equals(CapacityPlan.FOLDER)) {
                    List<CapacitySummary> summaries = CapacitySummary.readAll(resultsDir);
                    Recordings.capacity(summaries, new Recordings.Context(new GitRevision(GitRevision.UNKNOWN,
                            Optional.empty(), false, Optional.empty()), machine, Map.of(),
                            summaries.stream().map(s -> RunRecords.instant(s.environment().get("startedAt")))
                                    .flatMap(Optional::stream).max(java.util.Comparator.naturalOrder())
                                    .orElse(java.time.Instant.EPOCH))).ifPresent(runs::add);
                } else {
                    Optional<BenchmarkSuite> suite = Suites.byFolder(name);
                    SummaryStore store = new SummaryStore(resultsDir);
                    if (suite.isPresent() && store.hasSummaries(name)) {
                        List<BenchmarkSummary> written = store.readSuite(name);
                        runs.add(Recordings.suite(name, written, judged(store, suite.get()), List.of(),
                                context(repository, machine, written)));
                    }
                }
            } catch (RuntimeException e) {
                lines.add(HistoryRecorder.PREFIX + "not imported: " + folder + ": " + Histories.oneLine(e));
            }
        }
    }

    /** The summaries as a ranking judges them today; none (every iteration judged) when they cannot be ranked. */
    private static List<BenchmarkSummary> judged(SummaryStore store, BenchmarkSuite suite) {
        try {
            return SuiteRanking.complete(store, suite);
        } catch (RuntimeException e) {
            // A folder a ranking refuses (a combination missing): its iterations are all recorded as judged.
            return List.of();
        }
    }

    private static Recordings.Context context(Path repository, Map<String, String> machine,
                                              List<BenchmarkSummary> summaries) {
        String commit = summaries.isEmpty() ? GitRevision.UNKNOWN : summaries.get(0).environment().gitCommit();
        GitRevision git = new GitRevision(commit == null ? GitRevision.UNKNOWN : commit,
                commit == null ? Optional.empty() : GitRevision.commitTime(repository, commit), false,
                Optional.empty());
        return new Recordings.Context(git, machine, Map.of(),
                RunRecords.lastStart(summaries, java.time.Instant.EPOCH));
    }

    private static String firstSuite(Path folder) {
        return folders(folder).stream().map(p -> String.valueOf(p.getFileName())).findFirst().orElse("");
    }

    private static List<Path> folders(Path parent) {
        if (!Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(parent)) {
            return children.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new HistoryException("cannot list " + parent + ": " + e.getMessage());
        }
    }
}
