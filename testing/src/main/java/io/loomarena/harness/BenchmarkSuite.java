package io.loomarena.harness;

import java.util.List;
import java.util.Map;

/**
 * A benchmark suite as its ranking and gate see it: where its summaries are, how its ranking reads, and which
 * combinations each of its groups must hold before it can be ranked. Echo ({@code EchoSuite}) and the HTTP suites
 * ({@code HttpSuite}) are suites alike and are ranked by one entry point ({@code SuiteRanking}).
 */
public interface BenchmarkSuite {

    /** How a suite's ranking orders and shows its combinations. */
    enum Ranked {
        /** Fixed work: mean elapsed time of the measured runs, {@code [PERF][FINAL]} lines. */
        FASTEST_FIRST,
        /** Open model: p99 latency, lower is better. */
        BY_P99,
        /** Fixed work per level: one table per level with throughput and p99 per server model. */
        TABLE_PER_LEVEL
    }

    /** The results folder and ranking name: {@code echo}, {@code http-ping}. */
    String folder();

    /** How the ranking reads; fixed work ranked by elapsed time unless the suite says otherwise. */
    default Ranked ranked() {
        return Ranked.FASTEST_FIRST;
    }

    /** The workload parameters that tell one group (level, path) from another; empty: the suite is one group. */
    default List<String> groupKeys() {
        return List.of();
    }

    /** Every combination a group must hold to be ranked, given the group's workload. */
    List<String> expectedCombinations(Map<String, Object> groupWorkload);

    /**
     * Combinations of the suite that a group may hold beyond {@link #expectedCombinations}: measured only when asked
     * for (their rows are {@code @Slow}), ranked with the others when their summary is there. None unless the suite
     * says otherwise.
     */
    default List<String> optionalCombinations(Map<String, Object> groupWorkload) {
        return List.of();
    }

    /**
     * The {@link #optionalCombinations} whose absence a ranking names under the group (one {@code [PERF][GAP]} line),
     * because a run may have tried them and failed (a framework that did not start): none unless the suite says so.
     */
    default List<String> reportedGaps(Map<String, Object> groupWorkload) {
        return List.of();
    }
}
