package io.loomarena.harness.history;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.capacity.CapacitySummary;
import io.loomarena.harness.gate.AbResults;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.harness.ranking.Ranking;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Appends every run of a suite's ranking, of the A/B gate and of a capacity search to the history the run's options
 * name ({@link Histories#open}), each run in one transaction, then prints one {@code [PERF][HISTORY]} line per run
 * and the lines its caller says follow a recording ({@link AfterRecording}: the change points, from the
 * detection). The history never fails a run: whatever goes wrong (a corrupt file,
 * an unreachable database) is one line, and the run's own results are not touched. What the steps call, one method
 * each.
 */
public final class HistoryRecorder {

    /** What every line of the history starts with. */
    public static final String PREFIX = "[PERF][HISTORY] ";

    private final String setting;
    private final Path resultsDir;
    private final Path repository;
    private final Map<String, String> settings;
    private final PrintStream out;
    private final AfterRecording after;

    /** What is printed after a run was recorded, from the history and the series the run touched. */
    @FunctionalInterface
    public interface AfterRecording {
        List<String> lines(HistoryStore store, Collection<SeriesKey> touched);

        /** Nothing after the recording's own line. */
        AfterRecording NOTHING = (store, touched) -> List.of();
    }

    /**
     * @param setting    {@code -Dloomarena.history}'s value
     * @param resultsDir the run's results folder (the default history's folder)
     * @param repository the working tree measured, for git
     * @param settings   the run options that change figures beyond what summaries hold
     * @param out        where the lines go
     * @param after      what follows the recording's line (the change points nobody acknowledged)
     */
    public HistoryRecorder(String setting, Path resultsDir, Path repository, Map<String, String> settings,
                           PrintStream out, AfterRecording after) {
        this.setting = setting;
        this.resultsDir = resultsDir;
        this.repository = repository;
        this.settings = Map.copyOf(settings);
        this.out = out;
        this.after = Objects.requireNonNull(after, "after");
    }

    /** The recorder of a run with these options: its history setting, results folder and figure-changing settings. */
    public static HistoryRecorder of(RunOptions options, PrintStream out, AfterRecording after) {
        HarnessSettings harness = options.harness();
        Map<String, String> settings = new TreeMap<>();
        settings.put("heap", harness.heap());
        settings.put("gc", harness.gc());
        settings.put("extraJvmArgs", String.join(" ", harness.extraJvmArgs()));
        settings.put("pinning", String.valueOf(harness.pinning()));
        settings.put("crossCpuProbe", String.valueOf(harness.crossCpuProbe()));
        settings.put("adaptiveForks", String.valueOf(options.adaptive().maxExtraForks()));
        settings.put("remote", String.valueOf(options.remote().isRemote()));
        Path results = harness.resultsDir().toAbsolutePath().normalize();
        return new HistoryRecorder(options.history(), results, Objects.requireNonNullElse(results.getParent(), results),
                settings, out, after);
    }

    /** Records a suite's ranking: one run per results folder (one per cell of the JVM axes). */
    public void recordRanking(List<SummaryStore> stores, String suite, List<Ranking> groups) {
        record(() -> {
            Recordings.Context context = context();
            List<RecordedRun> runs = new ArrayList<>();
            for (SummaryStore store : stores) {
                if (store.hasSummaries(suite)) {
                    runs.add(Recordings.suite(suite, store.readSuite(suite), groups, context));
                }
            }
            return runs;
        });
    }

    /** Records the A/B gate's run from what it left under the results folder (both builds' summaries, verdicts). */
    public void recordAbGate() {
        record(() -> Recordings.abGate(new AbResults(resultsDir), context()).stream().toList());
    }

    /** Records the capacity searches whose summaries are under the results folder. */
    public void recordCapacity() {
        record(() -> Recordings.capacity(CapacitySummary.readAll(resultsDir), context()).stream().toList());
    }

    /** Records runs built by {@code runs}; every failure becomes one line. */
    void record(Supplier<List<RecordedRun>> runs) {
        long started = System.nanoTime();
        List<RecordedRun> built;
        try {
            built = runs.get();
        } catch (RuntimeException e) {
            out.println(PREFIX + "not recorded: cannot read this run's results: " + Histories.oneLine(e));
            return;
        }
        if (built.isEmpty()) {
            return;
        }
        Optional<HistoryStore> opened;
        try {
            opened = Histories.open(setting, resultsDir);
        } catch (RuntimeException e) {
            out.println(PREFIX + "not recorded: " + Histories.oneLine(e));
            return;
        }
        if (opened.isEmpty()) {
            return;
        }
        try (HistoryStore store = opened.get()) {
            List<String> lines = new ArrayList<>();
            Set<SeriesKey> touched = new LinkedHashSet<>();
            for (RecordedRun run : built) {
                Optional<Long> before = store.recorded(run.contentKey());
                long id = before.orElseGet(() -> store.record(run));
                touched.addAll(series(run));
                // Ranking summaries measured earlier again (a ranking-only invocation) adds nothing: said so.
                lines.add(String.format("%s run %d (%s, %s) in %s", before.isPresent() ? "already recorded as"
                        : "recorded", id, run.suite(), shortCommit(run.commit()), store.describe()));
            }
            int runCount = store.runs().size();
            int testbeds = store.testbeds().size();
            long millis = (System.nanoTime() - started) / 1_000_000;
            lines.forEach(line -> out.println(PREFIX + line + ": " + runCount + (runCount == 1 ? " run, " : " runs, ")
                    + testbeds + (testbeds == 1 ? " testbed, in " : " testbeds, in ") + millis + " ms"));
            after.lines(store, touched).forEach(out::println);
        } catch (RuntimeException e) {
            out.println(PREFIX + "not recorded: " + Histories.oneLine(e));
        }
    }

    /** The series a run has points in. */
    static Set<SeriesKey> series(RecordedRun run) {
        Set<SeriesKey> keys = new LinkedHashSet<>();
        run.figures().stream().filter(RecordedRun.Figure::judged).forEach(figure -> keys.add(new SeriesKey(
                run.testbed().id(), run.suite(), figure.combination(), figure.metric(),
                Direction.of(figure.lowerIsBetter()), figure.unit())));
        return keys;
    }

    private Recordings.Context context() {
        return new Recordings.Context(GitRevision.of(repository), Testbed.thisMachine(), settings, Instant.now(),
                commit -> GitRevision.commitTime(repository, commit));
    }

    private static String shortCommit(String commit) {
        return commit.length() > 7 && commit.matches("[0-9a-f]+") ? commit.substring(0, 7) : commit;
    }
}
