package io.loomarena.harness.ranking;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

import io.loomarena.harness.summary.SummaryStore;

/**
 * Ranks what a suite persisted: reads every summary in {@code <results>/<suite>/}, builds the {@link Ranking}, writes
 * {@code ranking.md} and {@code ranking.csv} beside them and returns the console text. Works for any suite.
 *
 * @param ranking the ranking
 * @param console the {@code [PERF]} lines, ready to print
 * @param files   the files written
 */
public record SuiteRanking(Ranking ranking, String console, List<Path> files) {

    public SuiteRanking {
        files = List.copyOf(files);
    }

    /**
     * Ranks the persisted summaries of {@code suite}.
     *
     * @throws RankingException when a combination of {@code expectedCombinations} is missing or workloads differ
     */
    public static SuiteRanking rank(SummaryStore store, String suite, Collection<String> expectedCombinations) {
        Path dir = store.suiteDir(suite);
        Ranking ranking = Ranking.of(suite, store.readSuite(suite), expectedCombinations, dir.toString());
        List<Path> files = RankingFiles.write(ranking, dir);
        return new SuiteRanking(ranking, new ConsoleRankingFormat().format(ranking), files);
    }

    /** Just the {@code [PERF][FINAL]} lines. */
    public List<String> finalLines() {
        return console.lines().filter(line -> line.startsWith("[PERF][FINAL] ")).toList();
    }
}
