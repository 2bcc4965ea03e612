package io.loomarena.harness.capacity;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.loomarena.harness.NoVerdict;

/**
 * When the capacity ranking of one workload has nothing to judge the servers on: no search found a sustained rate
 * (every one stopped on a bad input: no step measured, the start rate above the client's limit or already breaking the
 * objective, no knee in time), or every one that did was client-limited (the client, not a server, set every bound,
 * so the order says nothing about the servers). Then one {@code [PERF][CAPACITY] NO VERDICT} line says why and what
 * to do, after the group's lines. Stateless.
 */
public final class CapacityNoVerdict {

    /** What the line starts with. */
    public static final String PREFIX = "[PERF][CAPACITY] NO VERDICT ";

    private CapacityNoVerdict() {
    }

    /** The line for {@code group} (one workload), or empty when some search bracketed a server's knee or ceiling. */
    public static Optional<String> of(List<CapacitySummary> group) {
        List<CapacityRanking.Row> ranked = CapacityRanking.rank(group);
        Map<String, Object> workload = group.get(0).workload();
        String figure = String.format(Locale.ROOT, "%s under \"%s\": sustained rate: ", workload.get("path"),
                workload.get("objective"));
        if (ranked.isEmpty()) {
            return Optional.of(String.format(Locale.ROOT, "%s%sno search of the %d found one (each stopped on the"
                    + " line above: no step kept, or a start rate the client or the objective could not take), so"
                    + " nothing is ranked; search again from a start rate the client can drive and the objective"
                    + " keeps, with a longer time bound, on a quieter runner (docs/capacity.md) (%s)", PREFIX, figure,
                    group.size(), NoVerdict.NOTE));
        }
        if (ranked.stream().allMatch(row -> row.summary().finding() == Finding.CLIENT_LIMITED)) {
            return Optional.of(String.format(Locale.ROOT, "%s%severy search that kept a rate (%d of %d) was"
                    + " client-limited: the client ran out of CPU or connections before any server broke the objective,"
                    + " so the order says nothing about the servers; this machine cannot search this workload: use a"
                    + " cheaper workload for the client (a longer request time, fewer requests per connection) or a"
                    + " client on another host (docs/capacity.md) (%s)", PREFIX, figure, ranked.size(), group.size(),
                    NoVerdict.NOTE));
        }
        return Optional.empty();
    }
}
