package io.loomarena.harness.session;

import java.util.List;
import java.util.Map;

import io.loomarena.harness.summary.IterationReadings;
import io.loomarena.measure.RunResult;

/**
 * What one fork measured: its client JVMs' measured iterations (merged over client hosts), the server's cost over each,
 * and per client host what its clients did. Immutable.
 *
 * @param fork              1-based fork number
 * @param serverPid         the fork's server JVM
 * @param result            the measured iterations, one per iteration of the settings
 * @param costs             the server's cost over each measured iteration, in order
 * @param peakRssPerRun     whether the server's peak RSS could be reset before each measured iteration
 * @param operationsPerHost per client host, the operations its clients completed over the measured iterations
 * @param errorsPerHost     per client host, the errors its clients saw by kind
 * @param implementation    the framework and its version the server named in its stats; null for loom-arena's own
 */
public record ForkOutcome(int fork, long serverPid, RunResult result, List<IterationReadings> costs,
                          boolean peakRssPerRun, Map<String, Long> operationsPerHost,
                          Map<String, Map<String, Long>> errorsPerHost, String implementation) {

    /** A fork of one of loom-arena's own servers. */
    public ForkOutcome(int fork, long serverPid, RunResult result, List<IterationReadings> costs,
                       boolean peakRssPerRun, Map<String, Long> operationsPerHost,
                       Map<String, Map<String, Long>> errorsPerHost) {
        this(fork, serverPid, result, costs, peakRssPerRun, operationsPerHost, errorsPerHost, null);
    }

    public ForkOutcome {
        costs = List.copyOf(costs);
        operationsPerHost = Map.copyOf(operationsPerHost);
        errorsPerHost = Map.copyOf(errorsPerHost);
        if (result.iterations().size() != costs.size()) {
            throw new IllegalArgumentException(result.iterations().size() + " iterations but " + costs.size()
                    + " server costs");
        }
    }
}
