package io.loomarena.harness.db;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.loomarena.measure.RunResult;

/**
 * A fault scenario's run as the build log shows it: its throughput when every request succeeded, otherwise its errors
 * by kind and status ({@code status_503=412, reset=3}) and no throughput, since a run with failures measured how the
 * server failed, not how fast it served. Stateless.
 */
public final class RunLine {

    /** The prefix of every line of the database scenarios. */
    public static final String PREFIX = "[DB] ";

    private RunLine() {
    }

    /** {@code [DB] NAME: ...} for {@code result}. */
    public static String of(String name, RunResult result) {
        long failed = result.totalErrors();
        long requests = result.operations() + failed;
        if (failed == 0) {
            return String.format(Locale.ROOT, "%s%s: %d requests, no error, %.1f req/s", PREFIX, name, requests,
                    result.throughput());
        }
        return String.format(Locale.ROOT, "%s%s: %d of %d requests failed, by kind and status: %s; %d answered 2xx;"
                + " no throughput: a run with errors measures its failures", PREFIX, name, failed, requests,
                errors(result.errors()), result.operations());
    }

    /** {@code status_503=412, reset=3}, most first; zero counts left out. */
    static String errors(Map<String, Long> errors) {
        return errors.entrySet().stream().filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }
}
