package io.loomarena.harness.history;

import java.util.Objects;

/**
 * One series of the history: the figures of one metric of one combination of one suite on one testbed. Figures of
 * two testbeds are never in one series, so a series is never compared across a testbed change.
 *
 * @param testbed     the testbed's fingerprint id ({@link TestbedRow#id})
 * @param suite       the suite, for example {@code echo} or {@code ab-gate}
 * @param combination the combination, for example {@code VIRTUAL_SERVER+VIRTUAL_CLIENT}
 * @param metric      the metric's key: {@code throughput}, a latency percentile such as {@code p99}, or a labelled
 *                    metric's key such as {@code serverCpuNanosPerOperation}
 * @param direction   which way the metric is better
 * @param unit        the unit its values are in, for example {@code msg/s} or {@code ns/msg}
 */
public record SeriesKey(String testbed, String suite, String combination, String metric, Direction direction,
                        String unit) {

    public SeriesKey {
        Objects.requireNonNull(testbed, "testbed");
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(combination, "combination");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(unit, "unit");
    }

    /** How lines and tables name the series: {@code suite/combination/metric@testbed}. */
    public String name() {
        return suite + "/" + combination + "/" + metric + "@" + testbed;
    }
}
