package io.loomarena.harness.ranking;

import static io.loomarena.harness.ranking.Tables.fastest;
import static io.loomarena.harness.ranking.Tables.level;
import static io.loomarena.harness.ranking.Tables.p99;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * The verdict sentences and the console's fastest line on fixed rankings. The fixtures' 95% intervals follow from
 * their three run times (mean ± 4.303 · s / √3): 110, 116, 122 ms gives 101.1–130.9 ms, 150, 160, 170 ms gives
 * 135.2–184.8 ms, so the ratio's range is 135.2 / 130.9 = 1.03 to 184.8 / 101.1 = 1.83.
 */
class VerdictTest {

    private static BenchmarkSummary echo(String server, String client, long... millis) {
        return summary("echo", "msg", server, client, workload(20), millis);
    }

    private static Ranking rank(BenchmarkSummary... summaries) {
        return Ranking.of("echo", List.of(summaries), List.of(), "test");
    }

    @Test
    void namesTheFastestAndByHowMuchWhenItStandsAlone() {
        Ranking ranking = rank(echo("PLATFORM_SERVER", "PLATFORM_CLIENT", 150, 160, 170),
                echo("VIRTUAL_SERVER", "VIRTUAL_CLIENT", 116, 110, 122),
                echo("SINGLE_SERVER", "VIRTUAL_CLIENT", 400, 420, 380));

        assertThat(Verdict.fastest(ranking)).isEqualTo("VIRTUAL_SERVER+VIRTUAL_CLIENT is the fastest combination:"
                + " 1.38x (1.03–1.83) the throughput of the next, PLATFORM_SERVER+PLATFORM_CLIENT.");
        assertThat(ConsoleRanking.render(fastest(ranking)))
                .contains("[PERF] fastest: VIRTUAL_SERVER+VIRTUAL_CLIENT (0.116 s average, 34482.76 msg/s)\n");
    }

    @Test
    void saysThereIsNoSingleFastestWhenTheFastestTies() {
        Ranking ranking = rank(echo("PLATFORM_SERVER", "PLATFORM_CLIENT", 150, 160, 170),
                echo("POOL_SERVER", "PLATFORM_CLIENT", 140, 165, 175),
                echo("SINGLE_SERVER", "VIRTUAL_CLIENT", 400, 420, 380));

        assertThat(Verdict.fastest(ranking)).isEqualTo("No single fastest combination: the 2 fastest,"
                + " PLATFORM_SERVER+PLATFORM_CLIENT and POOL_SERVER+PLATFORM_CLIENT, tie (the data cannot order them);"
                + " PLATFORM_SERVER+PLATFORM_CLIENT is 2.50x (1.90–3.33) the throughput of SINGLE_SERVER+VIRTUAL_CLIENT,"
                + " the fastest combination it does not tie with.");
        assertThat(ConsoleRanking.render(fastest(ranking))).contains("[PERF] fastest: PLATFORM_SERVER+PLATFORM_CLIENT"
                + " (0.160 s average, 25000.00 msg/s), tied with POOL_SERVER+PLATFORM_CLIENT (not ordered by the data):"
                + " no single fastest\n");
        assertThat(MarkdownRanking.render(fastest(ranking))).contains("Fastest: **PLATFORM_SERVER+PLATFORM_CLIENT**"
                + " (0.160 s average, 25000.00 msg/s), tied with POOL_SERVER+PLATFORM_CLIENT (not ordered by the data): no"
                + " single fastest. Total", "Verdict: No single fastest combination");
    }

    @Test
    void aTieThatSkipsARankNamesWhoTiesWithTheFastestAndSpeaksOfServerModelsWhenOnlyTheServerDiffers() {
        // A: exactly 100 ms; B: 108.5–113.5 ms, apart from A; C: 120 ± 99 ms, so wide that it reaches A.
        Ranking ranking = rank(echo("A_SERVER", "X_CLIENT", 100, 100, 100), echo("B_SERVER", "X_CLIENT", 110, 111, 112),
                echo("C_SERVER", "X_CLIENT", 80, 120, 160));

        assertThat(ranking.tiedWithFastest()).extracting(RankedCombination::rank).containsExactly(3);
        assertThat(Verdict.fastest(ranking)).isEqualTo("No single fastest server model: A_SERVER ties with C_SERVER"
                + " (the data cannot order them); A_SERVER is 1.11x (1.09–1.13) the throughput of B_SERVER, the"
                + " fastest server model it does not tie with.");
        assertThat(ConsoleRanking.render(fastest(ranking)))
                .contains("tied with C_SERVER+X_CLIENT (not ordered by the data): no single fastest");
    }

    @Test
    void everyoneTiedAndOneAloneAreSaidPlainly() {
        Ranking tied = rank(echo("A_SERVER", "X_CLIENT", 100, 150, 200), echo("B_SERVER", "X_CLIENT", 110, 160, 210),
                echo("C_SERVER", "X_CLIENT", 90, 170, 250));
        Ranking alone = rank(echo("A_SERVER", "X_CLIENT", 100, 150, 200));

        assertThat(Verdict.fastest(tied)).isEqualTo("No single fastest server model: all 3 tie (no ratio between two"
                + " of them is known to differ from 1), so these runs cannot order them.");
        assertThat(ConsoleRanking.render(fastest(tied))).contains("tied with B_SERVER+X_CLIENT and C_SERVER+X_CLIENT"
                + " (not ordered by the data): no single fastest");
        assertThat(Verdict.fastest(alone)).isEqualTo("Only A_SERVER+X_CLIENT was measured: there is nothing to rank"
                + " it against.");
    }

    @Test
    void anOpenModelRankingNamesTheLowestP99AndSaysItHasNoInterval() {
        Ranking ranking = Ranking.of("http-data", List.of(
                summary("http-data", "req", "VIRTUAL_SERVER", "VIRTUAL_CLIENT", workload(20), 150, 160, 170),
                summary("http-data", "req", "POOL_SERVER", "VIRTUAL_CLIENT", workload(20), 116, 110, 122),
                summary("http-data", "req", "SINGLE_SERVER", "VIRTUAL_CLIENT", workload(20), 100, 90, 95)),
                List.of(), "test");
        long best = P99Order.sorted(ranking).get(0).aggregate().latency().p99();
        long next = P99Order.sorted(ranking).get(1).aggregate().latency().p99();

        assertThat(Verdict.lowestP99(ranking)).isEqualTo(String.format(java.util.Locale.ROOT, "SINGLE_SERVER has the"
                + " lowest p99 latency, %,d µs, against %,d µs (%.2fx) for the next, POOL_SERVER; a p99 carries no"
                + " interval here, so a difference of a few percent may be noise.", best, next, (double) next / best));
    }

    @Test
    void throughputIntervalsComeFromTheElapsedIntervalOrTheRunsAndMayBeUnbounded() {
        BenchmarkSummary three = echo("A_SERVER", "X_CLIENT", 110, 116, 122);
        BenchmarkSummary two = echo("A_SERVER", "X_CLIENT", 100, 200);
        BenchmarkSummary wild = echo("A_SERVER", "X_CLIENT", 10, 10, 400);

        ThroughputInterval fromCi = ThroughputInterval.of(three.aggregate());
        assertThat(fromCi.low()).isCloseTo(4_000 / 0.130905, within(1.0));
        assertThat(fromCi.high()).isCloseTo(4_000 / 0.101095, within(1.0));
        assertThat(fromCi.fromRunRange()).isFalse();
        assertThat(ThroughputInterval.of(two.aggregate())).isEqualTo(new ThroughputInterval(20_000, 40_000, true));
        assertThat(ThroughputInterval.of(wild.aggregate()).high()).isInfinite();
        assertThat(ThroughputInterval.of(wild.aggregate()).text()).endsWith("–∞");
    }
}
