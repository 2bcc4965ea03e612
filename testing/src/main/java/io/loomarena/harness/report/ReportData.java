package io.loomarena.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.loomarena.harness.gate.AbResults;
import io.loomarena.harness.idle.IdleMemory;
import io.loomarena.harness.idle.IdleMemoryStore;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Everything the report shows, read from a results folder: the benchmark summaries of every suite folder found (a
 * folder counts as a suite when it holds {@code <combination>.json} summaries; other JSON files are skipped) and the
 * idle-connection memory results. Immutable.
 *
 * @param suites summaries by suite name, suites sorted by name, summaries by file name
 * @param idle   the memory-per-connection results, empty when none were measured
 */
public record ReportData(Map<String, List<BenchmarkSummary>> suites, List<IdleMemory> idle) {

    /** Folders under the results folder that never hold benchmark summaries. */
    private static final List<String> NOT_SUITES = List.of("baseline", "reliability", IdleMemoryStore.FOLDER,
            io.loomarena.harness.capacity.CapacityPlan.FOLDER,
            AbResults.FOLDER);

    public ReportData {
        suites = java.util.Collections.unmodifiableMap(new TreeMap<>(suites));
        idle = List.copyOf(idle);
    }

    /** Reads every suite folder and the idle results under {@code resultsDir}. */
    public static ReportData read(Path resultsDir) {
        Map<String, List<BenchmarkSummary>> suites = new TreeMap<>();
        if (Files.isDirectory(resultsDir)) {
            try (DirectoryStream<Path> dirs = Files.newDirectoryStream(resultsDir, Files::isDirectory)) {
                for (Path dir : dirs) {
                    String name = resultsDir.relativize(dir).toString();
                    if (!NOT_SUITES.contains(name)) {
                        List<BenchmarkSummary> summaries = summaries(dir);
                        if (!summaries.isEmpty()) {
                            suites.put(name, summaries);
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + resultsDir + ": " + e.getMessage(), e);
            }
        }
        return new ReportData(suites, new IdleMemoryStore(resultsDir).readAll());
    }

    private static List<BenchmarkSummary> summaries(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*.json")) {
            stream.forEach(files::add);
        }
        files.sort(null);
        List<BenchmarkSummary> summaries = new ArrayList<>();
        for (Path file : files) {
            try {
                summaries.add(SummaryStore.read(file));
            } catch (RuntimeException e) {
                // Not a benchmark summary (another tool's JSON, a half-written file): the report leaves it out.
            }
        }
        return summaries;
    }
}
