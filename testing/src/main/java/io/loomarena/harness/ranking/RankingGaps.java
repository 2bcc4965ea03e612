package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.loomarena.harness.BenchmarkSuite;

/**
 * The combinations a group is ranked without although the suite names them ({@link BenchmarkSuite#reportedGaps}: a
 * framework row), one {@code [PERF][GAP]} line each under the group's ranking, so that a row that did not start (a
 * framework module not built) is a gap the reader sees, not an aborted suite or a silent absence. The line gives the
 * failure this run met measuring it when there was one, else says the row was not measured here. Stateless.
 */
public final class RankingGaps {

    /** The prefix of every gap line. */
    public static final String PREFIX = "[PERF][GAP] ";

    private RankingGaps() {
    }

    /**
     * One line per combination of {@code suite}'s reported gaps that {@code group} does not hold, in the suite's order.
     *
     * @param failures the first line of the failure of each combination this run failed to measure, by combination
     */
    public static List<String> of(Ranking group, BenchmarkSuite suite, Map<String, String> failures) {
        // A run over JVM axes names a combination with its cell (VIRTUAL_SERVER+VIRTUAL_CLIENT@jdk21).
        Set<String> ranked = group.entries().stream().map(entry -> entry.combination().split("@", 2)[0])
                .collect(Collectors.toSet());
        List<String> lines = new ArrayList<>();
        for (String gap : suite.reportedGaps(group.workload())) {
            if (!ranked.contains(gap)) {
                String failure = failures.get(gap);
                lines.add(PREFIX + group.suite() + ": " + gap + " not ranked: " + (failure != null
                        ? "its measurement failed in this run: " + failure
                        : "no summary (it runs only when its tags select it, for example"
                        + " -Dcucumber.filter.tags='@Framework')"));
            }
        }
        return List.copyOf(lines);
    }
}
