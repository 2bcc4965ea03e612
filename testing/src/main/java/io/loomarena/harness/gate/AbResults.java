package io.loomarena.harness.gate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.loomarena.harness.summary.ResultFiles;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Where the A/B gate leaves what it measured, under {@code target-results/ab-gate/}: each side's summaries in the
 * usual format ({@code baseline/<suite>/<combination>.json}, {@code this-build/<suite>/<combination>.json}, so any
 * tool that reads summaries reads them) and the verdicts of a suite ({@code <suite>.json}) that the report shows.
 * Thread-safe; files are replaced atomically.
 */
public final class AbResults {

    public static final String FOLDER = "ab-gate";

    /**
     * The verdicts of one suite's A/B run. Immutable.
     *
     * @param suite     the suite, for example {@code echo}
     * @param baseline  the baseline as the user named it
     * @param candidate this build, as named in the lines ({@code this build})
     * @param rows      one row per combination and rule
     */
    public record SuiteVerdicts(String suite, String baseline, String candidate, List<Row> rows) {

        public SuiteVerdicts {
            rows = List.copyOf(rows);
        }
    }

    /**
     * One combination and rule: the outcome, the ratio's interval, and each side's mean with its throughput interval
     * (the ranking's, {@code ThroughputInterval}; a {@code null} high end has no bound), so the report can show both
     * sides beside the ratio.
     */
    public record Row(String combination, String rule, String outcome, double ratio, double ratioLower,
                      double ratioUpper, String unit, double baselineMean, double baselineLow, Double baselineHigh,
                      double candidateMean, double candidateLow, Double candidateHigh) {
    }

    private final Path folder;

    public AbResults(Path resultsDir) {
        this.folder = resultsDir.toAbsolutePath().normalize().resolve(FOLDER);
    }

    /** The store of the baseline build's summaries. */
    public SummaryStore baselineSummaries() {
        return new SummaryStore(folder.resolve("baseline"));
    }

    /** The store of this build's summaries. */
    public SummaryStore candidateSummaries() {
        return new SummaryStore(folder.resolve("this-build"));
    }

    public Path verdictsFile(String suite) {
        return folder.resolve(suite + ".json");
    }

    /** Writes (replaces) a suite's verdicts and returns the file. */
    public Path write(SuiteVerdicts verdicts) {
        return ResultFiles.writeJson(verdictsFile(verdicts.suite()), verdicts);
    }

    /** Deletes a suite's verdicts before it is measured again, so a failed run leaves none to show. */
    public void delete(String suite) {
        try {
            Files.deleteIfExists(verdictsFile(suite));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + verdictsFile(suite) + ": " + e.getMessage(), e);
        }
    }

    /** Every suite's verdicts found, sorted by suite; empty when the gate never ran here. */
    public List<SuiteVerdicts> readAll() {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (var files = Files.list(folder)) {
            return files.filter(f -> String.valueOf(f.getFileName()).endsWith(".json")).sorted()
                    .map(AbResults::read).flatMap(Optional::stream).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder + ": " + e.getMessage(), e);
        }
    }

    private static Optional<SuiteVerdicts> read(Path file) {
        return Optional.of(ResultFiles.readJson(file, SuiteVerdicts.class, "A/B verdicts"));
    }
}
