package io.loomarena.harness.reliability;

import java.util.List;
import java.util.Map;

/**
 * The outcome of one {@code @Reliability} scenario, as persisted under {@code target-results/reliability/cases/}:
 * which feature and case, whether it passed, and the figures it measured (connections held, memory per connection,
 * losses...). Immutable.
 *
 * @param feature  the feature file name, for example {@code http-reliability.feature}
 * @param name     the scenario name, examples included
 * @param status   Cucumber's status: {@code PASSED}, {@code FAILED}, ...
 * @param tags     the scenario's tags
 * @param figures  what the scenario measured, name to value with its unit, in the order recorded
 * @param finished when the scenario ended, ISO-8601 UTC
 */
public record ReliabilityCase(String feature, String name, String status, List<String> tags,
                              Map<String, String> figures, String finished) {

    public ReliabilityCase {
        tags = List.copyOf(tags);
        figures = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(figures));
    }

    public boolean passed() {
        return "PASSED".equals(status);
    }
}
