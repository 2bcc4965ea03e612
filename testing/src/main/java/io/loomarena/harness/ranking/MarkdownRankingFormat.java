package io.loomarena.harness.ranking;

import java.util.List;
import java.util.Locale;

import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.ConfidenceInterval;
import io.loomarena.harness.summary.Environment;

/**
 * The ranking as a Markdown page ({@code ranking.md}): what was measured, one table row per combination with the
 * average beside the median, spread, p99 and the server's resources, the fastest (or that it ties, so there is none)
 * and the {@link Verdict} sentence, then the environment and the caveat.
 */
public final class MarkdownRankingFormat implements RankingFormat {

    private static final double MIB = 1024.0 * 1024.0;

    @Override
    public String format(Ranking ranking) {
        String unit = ranking.unit();
        StringBuilder out = new StringBuilder();
        out.append("# ").append(ranking.suite()).append(" ranking\n\n");
        out.append(String.format(Locale.ROOT, "Workload: %s. Each combination: %s. Fastest first by the average"
                        + " (mean elapsed time of the fixed work over every measured iteration).\n\n",
                ranking.workloadText(), ranking.shape()));
        out.append("| # | combination | average s | median s | min–max s | 95% CI s | tied with | throughput ")
                .append(unit).append("/s | ms/").append(unit).append(" | delta | p50 µs | p99 µs | max µs | errors"
                        + " | server CPU µs/").append(unit).append(" | server CPU ms/iteration | peak threads | threads after"
                        + " | peak RSS MiB | RSS after MiB | peak heap MiB | heap after MiB | GC count | GC ms"
                        + " | pinned |\n");
        out.append("|---:|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:"
                + "|---:|---:|---:|---:|---:|---:|\n");
        for (RankedCombination entry : ranking.entries()) {
            Aggregate a = entry.summary().aggregate();
            ConfidenceInterval ci = a.elapsedCi95Nanos();
            Aggregate.ServerAggregate server = a.server();
            out.append(String.format(Locale.ROOT,
                    "| %d | %s | %.3f | %.3f | %.3f–%.3f | %s | %s | %.2f | %.4f | %+.3f s (%+.2f%%) | %d | %d | %d | %d"
                            + " | %s | %.1f | %d | %d | %s | %s | %s | %s | %d | %d | %s |\n",
                    entry.rank(), entry.combination(), entry.averageSeconds(), a.medianElapsedNanos() / 1e9,
                    a.minElapsedNanos() / 1e9, a.maxElapsedNanos() / 1e9,
                    ci == null ? "n/a" : String.format(Locale.ROOT, "%.3f–%.3f", ci.low() / 1e9, ci.high() / 1e9),
                    ranking.tiedWithText(entry), a.throughput(), entry.millisPerOperation(), entry.deltaNanos() / 1e9,
                    entry.deltaPercent(), a.latency().p50(), a.latency().p99(), a.latency().max(), a.totalErrors(),
                    server.cpuNanosPerOperation() < 0 ? "n/a"
                            : String.format(Locale.ROOT, "%.2f", server.cpuNanosPerOperation() / 1e3),
                    server.cpuTimeNanosPerRun() / 1e6, server.peakThreads(), server.liveThreadsAfter(),
                    mebibytes(server.peakRssBytes()), mebibytes(server.rssBytesAfter()),
                    mebibytes(server.peakHeapUsedBytes()), mebibytes(server.heapUsedBytes()), server.gcCount(),
                    server.gcTimeMillis(), server.pinnedEvents() < 0 ? "n/a" : String.valueOf(server.pinnedEvents())));
        }
        out.append("\nTies: ").append(Ranking.TIE_RULE).append(". The order among tied combinations is not"
                + " established by these runs.\n");
        for (RankedCombination entry : ranking.entries()) {
            String stack = entry.summary().aggregate().server().pinnedTopStack();
            if (!stack.isEmpty()) {
                out.append("\nTop pinning stack of ").append(entry.combination()).append(": `").append(stack)
                        .append("`\n");
            }
        }
        RankedCombination fastest = ranking.fastest();
        out.append(String.format(Locale.ROOT, "\nFastest: **%s** (%.3f s average, %.2f %s/s)%s. Total measured"
                        + " time: %.3f s.\n\n", fastest.combination(), fastest.averageSeconds(), fastest.throughput(),
                unit, ConsoleRankingFormat.tiedFastest(ranking), ranking.totalMeasuredNanos() / 1e9));
        out.append("Verdict: ").append(Verdict.fastest(ranking)).append("\n\n");
        out.append("Latency is per ").append(unit).append(", from the measured iterations' histograms added"
                + " together. Server figures, over the measured iterations only: peak threads (live platform threads;"
                + " virtual threads are not counted), peak RSS and peak heap are the largest per-iteration peaks (peak"
                + " heap is the sum of the heap pools' peaks, an upper bound); \"after\" figures are the largest at the"
                + " end of an iteration; CPU is the server process's CPU time (user + system) per iteration and per ")
                .append(unit).append("; GC and pinned (JFR jdk.VirtualThreadPinned events; JDK 24+ no longer pins in"
                        + " synchronized) sum the measured iterations.\n\n");
        appendEnvironment(out, fastest.summary().environment(), ranking.commits());
        return out.toString();
    }

    /** The environment line, any warnings and the caveat that close every Markdown ranking. */
    static void appendEnvironment(StringBuilder out, Environment env, List<String> commits) {
        out.append(String.format(Locale.ROOT, "Environment: JDK %s (%s), %s, %d CPUs, CPUs pinned: %s, JVM flags:"
                        + " `%s`, load average at start %s, commit %s.\n",
                env.javaVersion(), env.javaVendor(), env.os(), env.cpuCount(), env.cpusPinned(),
                String.join(" ", env.serverJvmArgs()), env.loadAverage(), String.join(", ", commits)));
        for (String warning : env.warnings()) {
            out.append("\n**Warning:** ").append(warning).append('\n');
        }
        out.append("\n> ").append(ConsoleRankingFormat.caveat(env)).append(".\n");
    }

    static String mebibytes(long bytes) {
        return bytes < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", bytes / MIB);
    }
}
