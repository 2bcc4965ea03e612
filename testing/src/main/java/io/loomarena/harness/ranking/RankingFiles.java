package io.loomarena.harness.ranking;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.measure.ParentFolder;

/** Writes a ranking beside the summaries it was built from: {@code ranking.md} and {@code ranking.csv}. */
public final class RankingFiles {

    public static final String MARKDOWN = "ranking.md";
    public static final String CSV = "ranking.csv";

    private RankingFiles() {
    }

    /** Writes both files into {@code dir} (the suite's results folder) and returns them. */
    public static List<Path> write(Ranking ranking, Path dir) {
        RankingTable table = RankingTable.of(ranking, BenchmarkSuite.Ranked.FASTEST_FIRST);
        return List.of(write(dir.resolve(MARKDOWN), MarkdownRanking.render(table)),
                write(dir.resolve(CSV), CsvRanking.render(table)));
    }

    /** Writes one ranking file (UTF-8), creating its folder. */
    public static Path write(Path file, String text) {
        try {
            ParentFolder.create(file);
            return Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
