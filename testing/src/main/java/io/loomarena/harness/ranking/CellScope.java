package io.loomarena.harness.ranking;

import java.util.Collection;
import java.util.List;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ServerCell;

/**
 * What a ranking says about the cell of the run's JVM axes its summaries were measured in (docs/jvm.md): each cell
 * is ranked alone, so that a ranking compares like with like, and outside the default cell the ranking's name says
 * across which axis values it ranks ({@code echo on server JVM jdk21 with flag set poller1}) and every combination's
 * name carries the cell after an {@code @} ({@code VIRTUAL_SERVER+VIRTUAL_CLIENT@jdk21/poller1}), so that the
 * {@code [PERF][FINAL]} lines of several cells in one log stay apart while keeping their format. The default cell
 * (a run that sets no axes) changes nothing. Stateless.
 */
final class CellScope {

    private CellScope() {
    }

    /** The one cell of {@code summaries} when it is not the default; {@code null} otherwise (or when they differ). */
    private static ServerCell cellOf(List<BenchmarkSummary> summaries) {
        List<ServerCell> cells = summaries.stream().map(ServerCell::of).distinct().toList();
        return cells.size() == 1 && !cells.get(0).equals(ServerCell.ONLY) ? cells.get(0) : null;
    }

    /** The summaries, renamed into their cell when it is not the default. */
    static List<BenchmarkSummary> named(List<BenchmarkSummary> summaries) {
        ServerCell cell = cellOf(summaries);
        if (cell == null) {
            return summaries;
        }
        return summaries.stream().map(s -> new BenchmarkSummary(s.suite(), s.combination() + "@" + cell.label(),
                s.serverModel(), s.clientModel(), s.serverLabel(), s.clientLabel(), s.unit(), s.workload(), s.runs(),
                s.aggregate(), s.environment(), s.implementation())).toList();
    }

    /** The ranking's name for {@code name}'s summaries (already {@link #named}): with their cell when not the default. */
    static String name(String name, List<BenchmarkSummary> summaries) {
        ServerCell cell = cellOf(summaries);
        return cell == null ? name : name + " on server JVM " + cell.jvm() + " with flag set " + cell.flagSet();
    }

    /** The combinations a group must hold, with the cell of its summaries when not the default. */
    static List<String> expected(Collection<String> combinations, List<BenchmarkSummary> summaries) {
        ServerCell cell = cellOf(summaries);
        return combinations.stream().map(c -> cell == null ? c : c + "@" + cell.label()).toList();
    }
}
