package io.loomarena.harness.gate;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.session.ForkRunner;
import io.loomarena.harness.session.MeasuredForks;
import io.loomarena.harness.session.Deployment;
import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * The A/B gate's forks of one combination: both builds' forks alternating in the order baseline, this, this, baseline,
 * baseline, this, ... (ABBA), one {@link ForkRunner} per build, then one more pair at a time while the forks so far
 * leave the build's verdict open, up to a limit. A machine that slowly gets faster or slower during the run then hits
 * both builds equally, where A, B, A, B would give the first build a small head start every time. A fork that fails
 * (its server died, a client failed) ends the measurement: its line says so, and the builds are judged on what ran
 * before it. Used by one thread.
 *
 * @param builds        the two builds' jars
 * @param maxExtraForks forks per build added at most, one pair at a time
 * @param undecided     why the forks so far leave the verdict open, or empty when it is known ({@link AbJudge})
 */
record AbForks(AbBuilds builds, int maxExtraForks, Function<AbGate.Compared, Optional<String>> undecided) {

    /** Measures {@code plan} on both builds with the same settings and pinning. */
    AbGate.Compared measure(BenchmarkPlan plan, HarnessSettings settings, PrintStream out) {
        String baselineLabel = "baseline " + builds.baselineName();
        out.println(String.format(Locale.ROOT, "[PERF][GATE] %s: %d forks per build, alternating %s and %s",
                plan.combination(), settings.forks(), baselineLabel, AbGate.THIS_BUILD));
        JvmFork local = JvmFork.local(settings);
        // Both builds' iterations carry the placement of the two CPUs around them, read with the harness's own jars:
        // the verdict compares like with like (Placements).
        HarnessSettings probed = settings.withCrossCpuProbe(true);
        Deployment baselinePlace = Deployment.local(local.withClassPath(builds.baselineJars().classPath()));
        Deployment candidatePlace = Deployment.local(local.withClassPath(builds.candidateJars().classPath()));
        Side a = new Side(new MeasuredForks(plan, settings, baselinePlace), baselineLabel);
        Side b = new Side(new MeasuredForks(plan, settings, candidatePlace), AbGate.THIS_BUILD);
        List<String> failed = new ArrayList<>();
        try (ForkRunner runA = new ForkRunner(plan, probed, baselinePlace, out, baselineLabel);
             ForkRunner runB = new ForkRunner(plan, probed, candidatePlace, out, AbGate.THIS_BUILD)) {
            boolean going = true;
            for (int fork = 1; going && fork <= settings.forks(); fork++) {
                going = runPair(fork, new Runner(runA, a), new Runner(runB, b), plan, failed, out);
            }
            // The host may have put the two builds' forks in different placements of the CPUs, or the forks so far
            // may not decide a figure: then one more fork of each, until neither holds or the extra forks run out.
            for (int extra = 1; going && extra <= maxExtraForks; extra++) {
                Optional<String> why = undecided.apply(compared(plan, a, b, settings, failed));
                if (why.isEmpty()) {
                    break;
                }
                out.println(AbGate.GATE_PREFIX + plan.combination() + ": " + why.get() + "; one more fork of each"
                        + " build (" + extra + " of at most " + maxExtraForks + ")");
                going = runPair(settings.forks() + extra, new Runner(runA, a), new Runner(runB, b), plan, failed,
                        out);
            }
        }
        return compared(plan, a, b, settings, failed);
    }

    /** One build's forks so far, and how its lines name it. */
    private record Side(MeasuredForks forks, String label) {
    }

    private record Runner(ForkRunner runner, Side side) {
    }

    /**
     * Fork {@code fork} of both builds, each stopping its servers before the other's start (no idle JVM of one build
     * runs next to the other's measurement), in the order baseline, this, this, baseline, ... (ABBA); false when a
     * fork failed, and then no other fork runs.
     */
    private static boolean runPair(int fork, Runner a, Runner b, BenchmarkPlan plan, List<String> failed,
                                   PrintStream out) {
        boolean baselineFirst = fork % 4 == 1 || fork % 4 == 0;
        return run(fork, baselineFirst ? a : b, plan, failed, out) && run(fork, baselineFirst ? b : a, plan, failed,
                out);
    }

    private static boolean run(int fork, Runner runner, BenchmarkPlan plan, List<String> failed, PrintStream out) {
        try {
            runner.side().forks().add(runner.runner().run(fork));
            return true;
        } catch (HarnessException e) {
            // Its server died or a client failed: a fork more would most likely meet the same, and the builds are
            // judged on the forks that ran (or get no verdict); the failure is the line's, not a stack trace's.
            // The message's first line says what happened; the stderr tail under it is printed once, here.
            List<String> message = String.valueOf(e.getMessage()).lines().toList();
            String what = "fork " + fork + " of " + runner.side().label() + " failed: " + message.get(0);
            failed.add(what);
            out.println(AbGate.GATE_PREFIX + plan.combination() + ": " + what + "; no more forks of either build");
            message.stream().skip(1).forEach(out::println);
            out.flush();
            return false;
        }
    }

    /** Both builds' summaries; {@code null} for a build that has fewer forks than planned (one failed). */
    private static AbGate.Compared compared(BenchmarkPlan plan, Side a, Side b, HarnessSettings settings, List<String> failed) {
        return new AbGate.Compared(summary(a.forks(), settings), summary(b.forks(), settings), failed,
                plan.combination());
    }

    private static BenchmarkSummary summary(MeasuredForks forks, HarnessSettings settings) {
        return forks.forks() < settings.forks() ? null : forks.summary();
    }
}
