package io.loomarena.harness.summary;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Persists summaries under a results folder ({@code target-results/}), one sub-folder per suite, one pretty-printed
 * JSON file per combination. The folder lives outside {@code target/} so that summaries written by earlier Maven
 * invocations survive {@code mvn clean} and can be ranked later. Thread-safe; files are replaced atomically.
 */
public final class SummaryStore {

    /** The folder inside a suite's where summaries set aside by {@link #setAside} go. */
    public static final String EARLIER = "earlier";

    private final Path resultsDir;

    public SummaryStore(Path resultsDir) {
        this.resultsDir = resultsDir.toAbsolutePath().normalize();
    }

    /** The results folder it keeps its suites' folders in. */
    public Path resultsDir() {
        return resultsDir;
    }

    /** The folder of a suite, for example {@code target-results/echo}. */
    public Path suiteDir(String suite) {
        return resultsDir.resolve(suite);
    }

    /** Where the summary of a combination lives. */
    public Path path(String suite, String combination) {
        return suiteDir(suite).resolve(BenchmarkSummary.fileName(combination));
    }

    /** Writes (replaces) the summary of its combination and returns the file. */
    public Path write(BenchmarkSummary summary) {
        return ResultFiles.writeJson(path(summary.suite(), summary.combination()), summary);
    }

    /**
     * Deletes the summary of a combination, if any: done before the combination is measured again, so that a failed
     * run leaves no stale summary behind for the ranking to pick up.
     */
    public void delete(String suite, String combination) {
        Path file = path(suite, combination);
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the old summary " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Moves the summary of a combination, if any, to {@code <suite>/earlier/} (replacing one there), out of what a
     * ranking reads but not lost, and returns where it went; empty when there was none.
     */
    public Optional<Path> setAside(String suite, String combination) {
        Path file = path(suite, combination);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        Path folder = suiteDir(suite).resolve(EARLIER);
        Path earlier = folder.resolve(BenchmarkSummary.fileName(combination));
        try {
            Files.createDirectories(folder);
            return Optional.of(Files.move(file, earlier, StandardCopyOption.REPLACE_EXISTING));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move the summary " + file + " to " + earlier + ": "
                    + e.getMessage(), e);
        }
    }

    /** Reads one summary file. */
    public static BenchmarkSummary read(Path file) {
        return ResultFiles.readJson(file, BenchmarkSummary.class, "benchmark summary");
    }

    /** Whether the suite's folder holds any summary (a suite never measured in this results folder holds none). */
    public boolean hasSummaries(String suite) {
        Path dir = suiteDir(suite);
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*.json")) {
            return stream.iterator().hasNext();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Every summary of a suite (every {@code *.json} in its folder), sorted by file name; empty if none. */
    public List<BenchmarkSummary> readSuite(String suite) {
        Path dir = suiteDir(suite);
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*.json")) {
                stream.forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
            }
        }
        files.sort(null);
        return files.stream().map(SummaryStore::read).toList();
    }

    /** The pretty-printed JSON of a summary, as written to its file. */
    public static String toJson(BenchmarkSummary summary) {
        try {
            return ResultFiles.JSON.writeValueAsString(summary);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
