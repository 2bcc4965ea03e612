package io.loomarena.harness.ranking;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.NothingToDo;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Ranks what a suite (echo or HTTP) persisted under {@code <results>/<folder>/}: splits the summaries into the
 * suite's groups (one per level or path; one group when the suite has a single workload), ranks each group with
 * {@link Ranking#of} (which refuses missing combinations and differing workloads, naming them), builds one
 * {@link RankingTable} per group and writes {@code ranking.md} and {@code ranking.csv} beside the summaries. The one
 * ranking entry point of every suite. Ranking the same folder twice gives the same result or the same failure: what a
 * run already tried is kept by {@link SuiteLedger}, not here. Immutable.
 *
 * @param suite   the suite
 * @param groups  one ranking per group, in the groups' order (numbers ascending)
 * @param console the text for the build log
 * @param files   the files written
 */
public record SuiteRanking(BenchmarkSuite suite, List<Ranking> groups, String console, List<Path> files) {

    public SuiteRanking {
        groups = List.copyOf(groups);
        files = List.copyOf(files);
    }

    /**
     * Ranks the persisted summaries of {@code suite}.
     *
     * @throws NothingToDo     when the suite has no summary at all
     * @throws RankingException when a combination of a group is missing or a group's workloads differ
     */
    public static SuiteRanking rank(SummaryStore store, BenchmarkSuite suite) {
        return rank(store, suite, Map.of());
    }

    /**
     * Ranks the persisted summaries of {@code suite}; under each group, a {@code [PERF][GAP]} line for each combination
     * the suite reports when missing ({@link RankingGaps}), with its failure from {@code failures} when this run had one.
     *
     * @throws NothingToDo     when the suite has no summary at all
     * @throws RankingException when a combination of a group is missing or a group's workloads differ
     */
    public static SuiteRanking rank(SummaryStore store, BenchmarkSuite suite, Map<String, String> failures) {
        Path dir = store.suiteDir(suite.folder());
        List<Ranking> groups = rankGroups(store, suite);
        List<RankingTable> tables = groups.stream().map(group -> RankingTable.of(group, suite.ranked())).toList();
        List<Path> files = List.of(
                RankingFiles.write(dir.resolve(RankingFiles.MARKDOWN), each(tables, table -> MarkdownRanking.render(table)
                        + gaps(table, suite, failures))),
                RankingFiles.write(dir.resolve(RankingFiles.CSV), csv(suite, tables)));
        // A group with nothing left to judge says so under its ranking (RankingNoVerdict), and so does a gap.
        return new SuiteRanking(suite, groups, each(tables, table -> ConsoleRanking.render(table)
                + RankingNoVerdict.of(table.ranking(), suite.ranked()).map(line -> line + "\n").orElse("")
                + gaps(table, suite, failures)), files);
    }

    private static String gaps(RankingTable table, BenchmarkSuite suite, Map<String, String> failures) {
        return RankingGaps.of(table.ranking(), suite, failures).stream().map(line -> line + "\n")
                .collect(Collectors.joining());
    }

    /** The {@code [PERF] NO VERDICT} lines of the groups that had nothing left to judge ({@link RankingNoVerdict}). */
    public List<String> noVerdicts() {
        return groups.stream().map(group -> RankingNoVerdict.of(group, suite.ranked())).flatMap(Optional::stream)
                .toList();
    }

    /**
     * Every persisted summary of {@code suite}, once they can be ranked together (what a gate judges); writes nothing.
     *
     * @throws NothingToDo     when the suite has no summary at all
     * @throws RankingException when a combination of a group is missing or a group's workloads differ
     */
    public static List<BenchmarkSummary> complete(SummaryStore store, BenchmarkSuite suite) {
        return rankGroups(store, suite).stream().flatMap(group -> group.entries().stream())
                .map(RankedCombination::summary).toList();
    }

    private static List<Ranking> rankGroups(SummaryStore store, BenchmarkSuite suite) {
        Path dir = store.suiteDir(suite.folder());
        if (!store.hasSummaries(suite.folder())) {
            throw new NothingToDo("[PERF] " + suite.folder() + ": no summaries in " + dir
                    + ", nothing to rank (run the suite's @Performance scenarios first)");
        }
        List<BenchmarkSummary> summaries = CellScope.named(store.readSuite(suite.folder()));
        List<Ranking> groups = new ArrayList<>();
        for (Map.Entry<String, List<BenchmarkSummary>> group : groups(suite, summaries).entrySet()) {
            String name = suite.groupKeys().isEmpty() ? suite.folder()
                    : suite.folder() + " [" + group.getKey() + "]";
            groups.add(Ranking.of(CellScope.name(name, summaries), group.getValue(), CellScope.expected(
                    suite.expectedCombinations(group.getValue().get(0).workload()), summaries), dir.toString()));
        }
        return groups;
    }

    /** Just the {@code [PERF][FINAL]} lines (fixed-work suites). */
    public List<String> finalLines() {
        return console.lines().filter(line -> line.startsWith("[PERF][FINAL] ")).toList();
    }

    /** Summaries by group, groups sorted by their key values (numbers as numbers), summaries by name. */
    static Map<String, List<BenchmarkSummary>> groups(BenchmarkSuite suite, List<BenchmarkSummary> summaries) {
        TreeMap<List<Comparable<?>>, List<BenchmarkSummary>> byKey = new TreeMap<>(SuiteRanking::compareKeys);
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

    /** One CSV for every group: the group's name in a first {@code group} column when the suite has groups. */
    private static String csv(BenchmarkSuite suite, List<RankingTable> tables) {
        if (suite.groupKeys().isEmpty()) {
            return tables.stream().map(CsvRanking::render).collect(Collectors.joining());
        }
        StringBuilder out = new StringBuilder();
        for (RankingTable table : tables) {
            List<String> lines = CsvRanking.render(table).lines().toList();
            if (out.isEmpty()) {
                out.append("group,").append(lines.get(0)).append('\n');
            }
            String name = quote(table.ranking().suite());
            lines.stream().skip(1).forEach(line -> out.append(name).append(',').append(line).append('\n'));
        }
        return out.toString();
    }

    private static String quote(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }

    private static String each(List<RankingTable> tables, Function<RankingTable, String> render) {
        return tables.stream().map(render).collect(Collectors.joining("\n"));
    }
}
