package io.loomarena.harness.summary;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Everything measured for one combination of one suite: the file {@code target-results/<suite>/<combination>.json}
 * that rankings and reports read. Immutable.
 *
 * @param suite       the suite, for example {@code echo}; also the results sub-folder
 * @param combination {@code <serverLabel>+<clientLabel>}, for example {@code VIRTUAL_SERVER+VIRTUAL_CLIENT}
 * @param serverModel the server model as given on the command line, for example {@code virtual}
 * @param clientModel the client model as given on the command line
 * @param serverLabel the server model's ranking label, for example {@code VIRTUAL_SERVER}
 * @param clientLabel the client model's ranking label, for example {@code VIRTUAL_CLIENT}
 * @param unit        what one operation is, for example {@code msg} or {@code req}
 * @param workload    every workload parameter, in a stable order
 * @param runs        warmup count and the measured runs
 * @param aggregate   figures over the measured runs
 * @param environment where and how it was measured
 * @param implementation what served: a framework and its version as the server named them at run time
 *                       ({@code Spring Boot 4.0.7, Tomcat 11.0.14}), or {@code loom-arena <commit>} for the arena's
 *                       own servers ({@link #arenaImplementation}); {@code null} in summaries written before it was
 *                       recorded
 */
public record BenchmarkSummary(String suite, String combination, String serverModel, String clientModel,
                               String serverLabel, String clientLabel, String unit, Map<String, Object> workload,
                               Runs runs, Aggregate aggregate, Environment environment, String implementation) {

    /** How many hex digits of the commit name the arena's implementation. */
    private static final int SHORT_COMMIT = 12;

    public BenchmarkSummary {
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(combination, "combination");
        Objects.requireNonNull(unit, "unit");
        workload = Collections.unmodifiableMap(new LinkedHashMap<>(workload));
        Objects.requireNonNull(runs, "runs");
        Objects.requireNonNull(aggregate, "aggregate");
        if (aggregate.metrics().isEmpty()) {
            // Written before metrics had labels: its runs' metrics (converted from their fixed server figures) make
            // the aggregate's, by the same aggregators, so an old summary reads as a new one would.
            aggregate = aggregate.withMetricsOf(runs.measured());
        }
        Objects.requireNonNull(environment, "environment");
    }

    /** A summary that does not say what served (as those written before it was recorded). */
    public BenchmarkSummary(String suite, String combination, String serverModel, String clientModel,
                            String serverLabel, String clientLabel, String unit, Map<String, Object> workload,
                            Runs runs, Aggregate aggregate, Environment environment) {
        this(suite, combination, serverModel, clientModel, serverLabel, clientLabel, unit, workload, runs, aggregate,
                environment, null);
    }

    /**
     * What a summary records for the arena's own servers, which name no framework: {@code loom-arena} and the
     * measured code's commit ({@code loom-arena 66a8d31c2f1e}), or {@code loom-arena (commit unknown)}.
     */
    public static String arenaImplementation(String gitCommit) {
        return "loom-arena " + (gitCommit == null || !gitCommit.matches("[0-9a-f]{7,40}") ? "(commit unknown)"
                : gitCommit.substring(0, Math.min(SHORT_COMMIT, gitCommit.length())));
    }

    /**
     * This summary as judged on the measured iterations that {@code kept} accepts: the others set aside
     * ({@link Runs#keeping}) and the aggregate computed again over those kept. A ranking's view, never written to a
     * file.
     */
    public BenchmarkSummary judgedOn(java.util.function.Predicate<MeasuredRun> kept) {
        Runs judged = runs.keeping(kept);
        return new BenchmarkSummary(suite, combination, serverModel, clientModel, serverLabel, clientLabel, unit,
                workload, judged, Aggregate.of(judged.measured()), environment, implementation);
    }

    /** The file name of a combination's summary. */
    public static String fileName(String combination) {
        return combination + ".json";
    }
}
