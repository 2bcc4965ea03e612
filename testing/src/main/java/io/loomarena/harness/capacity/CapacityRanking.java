package io.loomarena.harness.capacity;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.loomarena.harness.summary.ResultFiles;

/**
 * Ranks the capacity summaries of one workload (path, connections, objective, stepping) by sustained rate, highest
 * first: one {@code [PERF][CAPACITY]} line each, and {@code capacity.md} beside the summaries. A sustained rate is an
 * interval, {@code [kept, broken)}: the knee lies between the highest rate that kept the objective and the lowest that
 * broke it (unbounded above for a lower bound: client-limited or the search's ceiling); two combinations are tied when
 * their intervals overlap, as {@code [PERF][FINAL]} ties overlapping intervals: the data cannot order them. A search
 * that ended on a bad input is listed after the ranking, unranked, with its line. Stateless.
 */
public final class CapacityRanking {

    public static final String MARKDOWN = "capacity.md";
    public static final String TIE_RULE = "two combinations are tied when their sustained-rate intervals"
            + " [highest kept, lowest broken) overlap: the data cannot order them";

    /** One ranked combination. */
    public record Row(int rank, CapacitySummary summary, List<Integer> tiedWith) {

        public Row {
            tiedWith = List.copyOf(tiedWith);
        }
    }

    private CapacityRanking() {
    }

    /** The summaries grouped by workload (each group ranked alone), in the order first met. */
    public static Map<Map<String, Object>, List<CapacitySummary>> groups(List<CapacitySummary> summaries) {
        Map<Map<String, Object>, List<CapacitySummary>> groups = new LinkedHashMap<>();
        summaries.forEach(s -> groups.computeIfAbsent(new TreeMap<>(s.workload()), k -> new ArrayList<>()).add(s));
        return groups;
    }

    /** The ranked rows of one group: every summary with a sustained rate, highest first. */
    public static List<Row> rank(List<CapacitySummary> group) {
        List<CapacitySummary> ranked = group.stream().filter(s -> !s.finding().badInput())
                .sorted(Comparator.comparingDouble(CapacitySummary::sustainedRate).reversed()
                        .thenComparing(CapacitySummary::combination)).toList();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            List<Integer> tied = new ArrayList<>();
            for (int j = 0; j < ranked.size(); j++) {
                if (j != i && overlap(ranked.get(i), ranked.get(j))) {
                    tied.add(j + 1);
                }
            }
            rows.add(new Row(i + 1, ranked.get(i), tied));
        }
        return rows;
    }

    static boolean overlap(CapacitySummary a, CapacitySummary b) {
        return a.sustainedRate() < high(b) && b.sustainedRate() < high(a);
    }

    private static double high(CapacitySummary s) {
        return s.kneeBelow() == null ? Double.POSITIVE_INFINITY : s.kneeBelow();
    }

    /** The console lines of one group: a header, one {@code [PERF][CAPACITY]} line per rank, the unranked after. */
    public static List<String> lines(List<CapacitySummary> group) {
        List<String> lines = new ArrayList<>();
        Map<String, Object> workload = group.get(0).workload();
        lines.add("[PERF] capacity of " + workload.get("path") + " over " + workload.get("connections")
                + " connections (keep-alive " + workload.get("keepAlive") + ") under \"" + workload.get("objective")
                + "\", highest sustained rate first; ties: " + TIE_RULE);
        for (Row row : rank(group)) {
            lines.add(line(row));
        }
        group.stream().filter(s -> s.finding().badInput()).forEach(s -> lines.add("[PERF][CAPACITY] not ranked: "
                + s.combination() + ": " + s.message() + " (" + s.steps().size() + " steps kept)"));
        CapacityNoVerdict.of(group).ifPresent(lines::add);
        return lines;
    }

    /**
     * {@code 1) VIRTUAL_SERVER+VIRTUAL_CLIENT+IO sustained: 1600 req/s [1600, 1800), p99=12.10 ms at 1600 req/s,
     * steps=7, tied-with=none}.
     */
    static String line(Row row) {
        CapacitySummary s = row.summary();
        String objective = String.valueOf(s.workload().get("objective"));
        String percentile = objective.substring(0, objective.indexOf(' '));
        String at = s.sustainedStep().map(step -> String.format(Locale.ROOT, "%s=%.2f ms at %.0f req/s", percentile,
                step.percentileMicros() / 1e3, step.offeredRate())).orElse(percentile + "=n/a");
        return String.format(Locale.ROOT, "[PERF][CAPACITY] %d) %s sustained: %s, %s, steps=%d, tied-with=%s",
                row.rank(), s.combination(), s.sustained(), at, s.steps().size(),
                row.tiedWith().isEmpty() ? "none" : String.join(",", row.tiedWith().stream().map(String::valueOf)
                        .toList()));
    }

    /** Prints every group's lines and writes {@code capacity.md}; returns the lines printed. */
    public static List<String> rankAndWrite(Path resultsDir, java.io.PrintStream out) {
        List<String> all = new ArrayList<>();
        StringBuilder md = new StringBuilder("# Capacity under a latency objective\n\n" + TIE_RULE + ".\n");
        groups(CapacitySummary.readAll(resultsDir)).forEach((workload, group) -> {
            List<String> lines = lines(group);
            lines.forEach(out::println);
            all.addAll(lines);
            md.append("\n## ").append(workload.get("path")).append(": ").append(workload.get("objective"))
                    .append("\n\n| rank | combination | sustained | at the sustained rate | steps | tied with |\n")
                    .append("|---|---|---|---|---|---|\n");
            for (Row row : rank(group)) {
                String line = line(row);
                String[] parts = line.substring(line.indexOf("sustained: ") + 11).split(", (?=p\\d|steps=|tied-with=)");
                md.append("| ").append(row.rank()).append(" | ").append(row.summary().combination()).append(" | ")
                        .append(parts[0]).append(" | ").append(parts[1]).append(" | ")
                        .append(row.summary().steps().size()).append(" | ")
                        .append(row.tiedWith().isEmpty() ? "" : row.tiedWith()).append(" |\n");
            }
            group.stream().filter(s -> s.finding().badInput()).forEach(s -> md.append("\nNot ranked: ")
                    .append(s.combination()).append(": ").append(s.message()).append('\n'));
            CapacityNoVerdict.of(group).ifPresent(line -> md.append('\n')
                    .append("No verdict: ").append(line.substring(CapacityNoVerdict.PREFIX.length())).append('\n'));
        });
        ResultFiles.writeText(CapacitySummary.folder(resultsDir).resolve(MARKDOWN), md.toString());
        return all;
    }
}
