package io.loomarena.harness.history;

import io.loomarena.harness.summary.BenchmarkSummary;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A history in memory for tests of what reads one (detection, gate, report, command, exports): runs, testbeds and
 * points added by hand, the same ordering and exclusion rules as a real store.
 */
public final class FakeHistoryStore implements HistoryStore {

    private final List<RunRow> runs = new ArrayList<>();
    private final Map<String, TestbedRow> testbeds = new LinkedHashMap<>();
    private final Map<SeriesKey, List<SeriesPoint>> points = new LinkedHashMap<>();
    private final Map<Long, List<BenchmarkSummary>> summaries = new LinkedHashMap<>();
    private final Set<String> acknowledged = new HashSet<>();
    private boolean closed;

    /** Adds a run on a testbed (added too if new) and returns it. */
    public RunRow addRun(String commit, Instant start, String suite, String testbed) {
        testbeds.computeIfAbsent(testbed, id -> new TestbedRow(id, Map.of("cpu", id), start));
        RunRow run = new RunRow(runs.size() + 1L, commit, false, Optional.of("main"), start, start.plusSeconds(60),
                suite, testbed, Optional.empty());
        runs.add(run);
        return run;
    }

    /** Adds one fork's point of a run to a series; the commit's time is the run's start. */
    public void addPoint(SeriesKey key, RunRow run, int fork, double value) {
        points.computeIfAbsent(key, k -> new ArrayList<>())
                .add(new SeriesPoint(run.id(), run.commit(), run.start(), run.start(), fork, value));
    }

    /** Sets the summaries a run recorded. */
    public void addSummaries(RunRow run, List<BenchmarkSummary> recorded) {
        summaries.put(run.id(), List.copyOf(recorded));
    }

    public boolean isClosed() {
        return closed;
    }

    @Override
    public String describe() {
        return "memory (test)";
    }

    @Override
    public List<RunRow> runs() {
        return List.copyOf(runs);
    }

    @Override
    public List<TestbedRow> testbeds() {
        return List.copyOf(testbeds.values());
    }

    @Override
    public List<SeriesKey> series() {
        return List.copyOf(points.keySet());
    }

    @Override
    public List<SeriesPoint> points(SeriesKey key) {
        Set<Long> excluded = new HashSet<>();
        runs.stream().filter(r -> r.excluded().isPresent()).forEach(r -> excluded.add(r.id()));
        return points.getOrDefault(key, List.of()).stream()
                .filter(p -> !excluded.contains(p.runId()))
                .sorted(Comparator.comparing(SeriesPoint::commitTime).thenComparing(SeriesPoint::runStart)
                        .thenComparingInt(SeriesPoint::fork))
                .toList();
    }

    @Override
    public List<BenchmarkSummary> summaries(long runId) {
        return summaries.getOrDefault(runId, List.of());
    }

    @Override
    public void exclude(long runId, String reason) {
        for (int i = 0; i < runs.size(); i++) {
            RunRow r = runs.get(i);
            if (r.id() == runId) {
                runs.set(i, new RunRow(r.id(), r.commit(), r.dirty(), r.branch(), r.start(), r.end(), r.suite(),
                        r.testbed(), Optional.of(reason)));
                return;
            }
        }
        throw new IllegalArgumentException("no run " + runId);
    }

    @Override
    public void acknowledge(SeriesKey key, String firstCommitAfter, String reason) {
        acknowledged.add(key.name() + " " + firstCommitAfter);
    }

    @Override
    public boolean acknowledged(SeriesKey key, String firstCommitAfter) {
        return acknowledged.contains(key.name() + " " + firstCommitAfter);
    }

    @Override
    public void close() {
        closed = true;
    }
}
