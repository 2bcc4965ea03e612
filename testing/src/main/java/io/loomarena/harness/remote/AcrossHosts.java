package io.loomarena.harness.remote;

import java.util.ArrayList;
import java.util.List;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Whole suites measured on the hosts of a run: a suite's plans ({@code EchoSuite.plans}, {@code HttpSuite.plans}),
 * in the order of its one list of combinations, each through {@link Combination} with the hosts given. Stateless.
 */
public final class AcrossHosts {

    private AcrossHosts() {
    }

    /** Measures every plan on {@code hosts}, in order, saving each summary. */
    public static List<Combination.Measured> measure(RemoteHosts hosts, HarnessSettings settings, SummaryStore store,
                                                     List<BenchmarkPlan> plans) {
        List<Combination.Measured> measured = new ArrayList<>();
        for (BenchmarkPlan plan : plans) {
            measured.add(Combination.measureAndSave(plan, settings, store, hosts.deployment(JvmFork.local(settings))));
        }
        return measured;
    }
}
