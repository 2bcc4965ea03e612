package io.loomarena.harness.session;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * What the forks beyond the planned ones of an interleaved run work on, adaptive ({@link AdaptiveForks}) or filling
 * a placement ({@link PlacementFill}): the run's combinations, each one's summary so far, how to run one more fork,
 * the run's seed, its clock and its output. Immutable; its functions read the run as it stands.
 *
 * @param names        every combination of the run, by index
 * @param current      the summary of the forks of the combination at an index so far; {@code null} once a fork of it
 *                     failed (it is left out from then on)
 * @param fork         runs one more fork
 * @param plannedForks forks every combination had before
 * @param seed         the run's seed: the extra forks' order is shuffled from it, so the same seed repeats it
 * @param clock        {@link System#nanoTime}, or a fake one in tests
 * @param out          where the progress and the ending are said
 */
record ExtraForkRun(List<String> names, IntFunction<BenchmarkSummary> current, Fork fork, int plannedForks,
                    long seed, LongSupplier clock, PrintStream out) {

    /**
     * Runs one more fork of the combination at {@code index} and adds it to that combination's forks; {@code round}
     * is the planned forks plus the extra round (a combination decided in one round and tied again in a later one has
     * had fewer forks: the run numbers each combination's forks itself).
     */
    @FunctionalInterface
    interface Fork {
        void run(int index, int round);
    }

    ExtraForkRun {
        names = List.copyOf(names);
    }

    /** The indexes of the combinations {@code rule} finds undecided, among those without a failed fork. */
    List<Integer> undecided(AdaptiveForks.Undecided rule) {
        List<BenchmarkSummary> summaries = new ArrayList<>();
        List<Integer> live = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            BenchmarkSummary summary = current.apply(i);
            if (summary != null) {
                summaries.add(summary);
                live.add(i);
            }
        }
        Set<String> tied = summaries.size() < 2 ? Set.of() : new LinkedHashSet<>(rule.among(summaries));
        return live.stream().filter(i -> tied.contains(names.get(i))).collect(Collectors.toCollection(ArrayList::new));
    }

    /** Says one line at once: the run goes on for minutes after it. */
    void say(String line) {
        out.println(line);
        out.flush();
    }
}
