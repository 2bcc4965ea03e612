package io.loomarena.harness.capacity;

import java.io.PrintStream;
import java.util.List;

import org.HdrHistogram.Histogram;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.http.HttpBenchmarks;
import io.loomarena.harness.http.HttpLaunch;
import io.loomarena.harness.session.ForkOutcome;
import io.loomarena.harness.session.ForkRunner;
import io.loomarena.harness.session.Deployment;
import io.loomarena.harness.summary.IterationReadings;
import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.RunResult;

/**
 * Measures the steps of one {@link CapacityPlan} as every suite measures a fork ({@link ForkRunner}): per step a fresh
 * server JVM (and downstream for {@code /fanout}) and a fresh client JVM ({@code load --rate R/s --duration W}), which
 * runs {@value #WARMUP_ITERATIONS} warmup iteration at the step's rate and then one measured iteration, paced, with
 * the server's CPU read just before and after it. Used by one thread.
 */
public final class HttpCapacitySteps implements CapacitySearch.StepMeasurer {

    /** One warmup at the step's own rate: client and server reach compiled code before the measured window. */
    static final int WARMUP_ITERATIONS = 1;

    private final CapacityPlan plan;
    private final HarnessSettings settings;
    private final Deployment deployment;
    private final PrintStream out;

    public HttpCapacitySteps(CapacityPlan plan, HarnessSettings settings, Deployment deployment, PrintStream out) {
        this.plan = plan;
        this.settings = settings.withIterations(1, WARMUP_ITERATIONS, 1);
        this.deployment = deployment;
        this.out = out;
    }

    @Override
    public CapacityStep measure(int number, double rate) {
        out.printf(java.util.Locale.ROOT, "[CAPACITY] %s step %d: %.0f req/s for %d ms%n", plan.combination(), number,
                rate, plan.objective().window().toMillis());
        ForkOutcome outcome;
        try (ForkRunner runner = new ForkRunner(benchmarkPlan(rate), settings, deployment, out, "")) {
            outcome = runner.run(1);
        }
        CapacityStep step = judge(number, rate, outcome);
        out.println("[CAPACITY] " + plan.combination() + " " + step.line());
        return step;
    }

    /** The step's figures from its one measured iteration, judged against the plan's objective. */
    CapacityStep judge(int number, double rate, ForkOutcome outcome) {
        RunResult.Iteration measured = outcome.result().iterations().get(0);
        Histogram latency = measured.histogram() == null || measured.histogram().isEmpty()
                ? LatencyHistograms.newHistogram() : LatencyHistograms.decode(measured.histogram());
        // Per second of the window, not of the elapsed time: the last answers' wait after the window would otherwise
        // count as a shortfall of the rate, and a server that answers slowly is judged by its latency instead.
        double seconds = plan.objective().window().toNanos() / 1e9;
        return CapacityStep.judge(number, rate, measured.operations() / seconds,
                measured.operations(), measured.errors(),
                latency.getValueAtPercentile(plan.objective().percentile()), latency.getValueAtPercentile(50),
                latency.getMaxValue(), new CapacityStep.Client(measured.clientCpuLoad(), measured.sendLag(),
                        plan.connections()), serverCores(outcome.costs().get(0), measured),
                plan.objective(), plan.search());
    }

    /** The server's CPU time over the iteration per second of it; null when the server could not give its CPU. */
    private static Double serverCores(IterationReadings cost, RunResult.Iteration measured) {
        long before = cost.before().cpuTimeNanos();
        long after = cost.after().cpuTimeNanos();
        return before < 0 || after < before || measured.elapsedNanos() <= 0 ? null
                : (after - before) / (double) measured.elapsedNanos();
    }

    /** One step as a benchmark plan: the plan's server, and a client at {@code rate} for the objective's window. */
    BenchmarkPlan benchmarkPlan(double rate) {
        BenchmarkPlan.ClientLaunch client = (host, port, json, share) -> HttpLaunch.loadAtRate(plan.client(),
                plan.path(), plan.connections(), plan.keepAlive(), rate, plan.objective().window(),
                CapacityPlan.RESPONSE_TIMEOUT, "http://" + host + ":" + port, json);
        java.util.Map<String, Object> workload = new java.util.LinkedHashMap<>(plan.workload());
        workload.put("rate", rate);
        long expected = (long) Math.ceil(rate * plan.objective().window().toNanos() / 1e9);
        // Each of the client's iterations lasts the window by design, plus the last answers' wait.
        java.time.Duration byDesign = plan.objective().window().plus(CapacityPlan.RESPONSE_TIMEOUT)
                .multipliedBy(WARMUP_ITERATIONS + 1);
        return new BenchmarkPlan(CapacityPlan.FOLDER, HttpBenchmarks.UNIT, plan.server().toString(),
                plan.client().cliName(), plan.server().label(), plan.client().label(), workload, expected,
                plan.server().launch(plan.serverArguments()), client, plan.variant(),
                plan.needsDownstream() ? HttpBenchmarks.downstream() : null, byDesign);
    }
}
