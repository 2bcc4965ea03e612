package io.loomarena.harness.http;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.loomarena.harness.ranking.ConsoleRankingFormat;
import io.loomarena.harness.ranking.CsvRankingFormat;
import io.loomarena.harness.ranking.LevelTableRankingFormat;
import io.loomarena.harness.ranking.MarkdownRankingFormat;
import io.loomarena.harness.ranking.P99ConsoleRankingFormat;
import io.loomarena.harness.ranking.P99CsvRankingFormat;
import io.loomarena.harness.ranking.P99MarkdownRankingFormat;
import io.loomarena.harness.ranking.Ranking;
import io.loomarena.harness.ranking.RankingException;
import io.loomarena.harness.ranking.RankingFiles;
import io.loomarena.harness.ranking.RankingFormat;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Ranks what an HTTP suite persisted under {@code <results>/http-<suite>/}: splits the summaries into the suite's
 * groups (one per level or path; one group when the suite has a single workload), ranks each group with
 * {@link Ranking#of} (which refuses missing combinations and differing workloads, naming them), and writes
 * {@code ranking.md} and {@code ranking.csv} beside the summaries. Immutable.
 *
 * @param suite   the suite
 * @param groups  one ranking per group, in the groups' order (numbers ascending)
 * @param console the text for the build log
 * @param files   the files written
 */
public record HttpSuiteRanking(HttpSuite suite, List<Ranking> groups, String console, List<Path> files) {

    public HttpSuiteRanking {
        groups = List.copyOf(groups);
        files = List.copyOf(files);
    }

    /**
     * Ranks the persisted summaries of {@code suite}.
     *
     * @throws RankingException when there are none, a combination of a group is missing, or a group's workloads differ
     */
    public static HttpSuiteRanking rank(SummaryStore store, HttpSuite suite) {
        Path dir = store.suiteDir(suite.folder());
        List<BenchmarkSummary> summaries = store.readSuite(suite.folder());
        if (summaries.isEmpty()) {
            throw new RankingException("cannot rank suite '" + suite.folder() + "': no summaries in " + dir
                    + " (run its @Performance scenarios first, with the same workload)");
        }
        List<Ranking> groups = new ArrayList<>();
        for (Map.Entry<String, List<BenchmarkSummary>> group : groups(suite, summaries).entrySet()) {
            String name = suite.groupKeys().isEmpty() ? suite.folder() : suite.folder() + " [" + group.getKey() + "]";
            groups.add(Ranking.of(name, group.getValue(),
                    suite.expectedCombinations(group.getValue().get(0).workload()), dir.toString()));
        }
        List<Path> files = List.of(
                RankingFiles.write(dir.resolve(RankingFiles.MARKDOWN), each(groups, markdown(suite), "\n")),
                RankingFiles.write(dir.resolve(RankingFiles.CSV), csv(suite, groups)));
        return new HttpSuiteRanking(suite, groups, each(groups, console(suite), "\n"), files);
    }

    /** Just the {@code [PERF][FINAL]} lines (fixed-work suites). */
    public List<String> finalLines() {
        return console.lines().filter(line -> line.startsWith("[PERF][FINAL] ")).toList();
    }

    /** Summaries by group, groups sorted by their key values (numbers as numbers), summaries by name. */
    static Map<String, List<BenchmarkSummary>> groups(HttpSuite suite, List<BenchmarkSummary> summaries) {
        TreeMap<List<Comparable<?>>, List<BenchmarkSummary>> byKey = new TreeMap<>(HttpSuiteRanking::compareKeys);
        for (BenchmarkSummary summary : summaries) {
            List<Comparable<?>> key = new ArrayList<>();
            for (String name : suite.groupKeys()) {
                Object value = summary.workload().get(name);
                key.add(value instanceof Number n ? (Comparable<?>) Long.valueOf(n.longValue())
                        : String.valueOf(value));
            }
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(summary);
        }
        Map<String, List<BenchmarkSummary>> named = new LinkedHashMap<>();
        byKey.forEach((key, list) -> {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < key.size(); i++) {
                parts.add(suite.groupKeys().get(i) + "=" + key.get(i));
            }
            named.put(String.join(", ", parts), list);
        });
        return named;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareKeys(List<Comparable<?>> a, List<Comparable<?>> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            Comparable x = a.get(i);
            Comparable y = b.get(i);
            int c = x.getClass() == y.getClass() ? x.compareTo(y) : x.toString().compareTo(y.toString());
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static RankingFormat console(HttpSuite suite) {
        return switch (suite.ranked()) {
            case FASTEST_FIRST -> new ConsoleRankingFormat();
            case BY_P99 -> new P99ConsoleRankingFormat();
            case TABLE_PER_LEVEL -> new LevelTableRankingFormat(false);
        };
    }

    private static RankingFormat markdown(HttpSuite suite) {
        return switch (suite.ranked()) {
            case FASTEST_FIRST -> new MarkdownRankingFormat();
            case BY_P99 -> new P99MarkdownRankingFormat();
            case TABLE_PER_LEVEL -> new LevelTableRankingFormat(true);
        };
    }

    /** One CSV for every group: the group's name in a first {@code group} column when the suite has groups. */
    private static String csv(HttpSuite suite, List<Ranking> groups) {
        RankingFormat format = suite.ranked() == HttpSuite.Ranked.BY_P99 ? new P99CsvRankingFormat()
                : new CsvRankingFormat();
        if (suite.groupKeys().isEmpty()) {
            return each(groups, format, "");
        }
        StringBuilder out = new StringBuilder();
        for (Ranking group : groups) {
            List<String> lines = format.format(group).lines().toList();
            if (out.isEmpty()) {
                out.append("group,").append(lines.get(0)).append('\n');
            }
            String name = quote(group.suite());
            lines.stream().skip(1).forEach(line -> out.append(name).append(',').append(line).append('\n'));
        }
        return out.toString();
    }

    private static String quote(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }

    private static String each(List<Ranking> groups, RankingFormat format, String separator) {
        return groups.stream().map(format::format).collect(Collectors.joining(separator));
    }
}
