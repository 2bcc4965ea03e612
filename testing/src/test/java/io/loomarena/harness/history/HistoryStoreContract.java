package io.loomarena.harness.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * What every history store must do, whatever its database: the SQLite and the PostgreSQL tests run these same tests
 * on a fresh database each.
 */
abstract class HistoryStoreContract {

    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    /** A fresh, empty store. */
    abstract HistoryStore fresh();

    @Test
    void aRecordedRunComesBackWithItsTestbedSummariesAndForkPoints() {
        try (HistoryStore store = fresh()) {
            RecordedRun run = HistoryFixtures.run(HistoryFixtures.commit(1), T0, 10);
            long id = store.record(run);

            assertThat(store.runs()).singleElement().satisfies(row -> {
                assertThat(row.id()).isEqualTo(id);
                assertThat(row.commit()).isEqualTo(HistoryFixtures.commit(1));
                assertThat(row.branch()).contains("main");
                assertThat(row.suite()).isEqualTo("echo");
                assertThat(row.testbed()).isEqualTo(run.testbed().id());
                assertThat(row.excluded()).isEmpty();
            });
            assertThat(store.testbeds()).singleElement().satisfies(testbed -> {
                assertThat(testbed.id()).isEqualTo(run.testbed().id());
                assertThat(testbed.facts()).containsEntry("cpuModel", "Test CPU").containsEntry("cpus", "2");
            });
            SeriesKey throughput = key(store, "throughput");
            assertThat(throughput.direction()).isEqualTo(Direction.HIGHER_IS_BETTER);
            assertThat(throughput.unit()).isEqualTo("msg/s");
            // 4,000 messages per iteration: 10 ms is 400,000 msg/s, 20 ms 200,000; a point is a fork's mean.
            assertThat(store.points(throughput)).extracting(SeriesPoint::fork, SeriesPoint::value)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 400_000.0),
                            org.assertj.core.groups.Tuple.tuple(2, 200_000.0));
            assertThat(store.series()).extracting(SeriesKey::metric).contains("p50", "p99",
                    "serverCpuNanosPerOperation");
            assertThat(store.summaries(id)).singleElement().satisfies(summary -> {
                assertThat(summary.combination()).isEqualTo(HistoryFixtures.COMBINATION);
                assertThat(summary.runs().measured()).hasSize(6);
            });
        }
    }

    @Test
    void pointsComeInCommitOrderWhateverTheOrderRecorded() {
        try (HistoryStore store = fresh()) {
            store.record(HistoryFixtures.run(HistoryFixtures.commit(3), T0.plusSeconds(3 * 86_400), 3));
            store.record(HistoryFixtures.run(HistoryFixtures.commit(1), T0.plusSeconds(86_400), 1));
            store.record(HistoryFixtures.run(HistoryFixtures.commit(2), T0.plusSeconds(2 * 86_400), 2));

            assertThat(store.points(key(store, "throughput"))).extracting(SeriesPoint::commit)
                    .containsExactly(HistoryFixtures.commit(1), HistoryFixtures.commit(1), HistoryFixtures.commit(2),
                            HistoryFixtures.commit(2), HistoryFixtures.commit(3), HistoryFixtures.commit(3));
        }
    }

    @Test
    void pruningDropsTheOlderRunsSummariesAndKeepsEverySeriesWhole() {
        try (HistoryStore store = fresh()) {
            List<Long> ids = List.of(
                    store.record(HistoryFixtures.run(HistoryFixtures.commit(1), T0.plusSeconds(86_400), 1)),
                    store.record(HistoryFixtures.run(HistoryFixtures.commit(2), T0.plusSeconds(2 * 86_400), 2)),
                    store.record(HistoryFixtures.run(HistoryFixtures.commit(3), T0.plusSeconds(3 * 86_400), 3)));
            List<SeriesPoint> before = store.points(key(store, "throughput"));

            assertThat(store.pruneSummaries(1)).isEqualTo(2);
            assertThat(store.pruneSummaries(1)).isZero();

            assertThat(store.summaries(ids.get(0))).isEmpty();
            assertThat(store.summaries(ids.get(1))).isEmpty();
            assertThat(store.summaries(ids.get(2))).hasSize(1);
            assertThat(store.points(key(store, "throughput"))).isEqualTo(before);
            assertThat(store.runs()).hasSize(3);
            assertThatThrownBy(() -> store.pruneSummaries(-1)).hasMessageContaining("0 or more, got -1");
        }
    }

    @Test
    void anExcludedRunKeepsItsReasonAndLeavesEverySeries() {
        try (HistoryStore store = fresh()) {
            store.record(HistoryFixtures.run(HistoryFixtures.commit(1), T0, 1));
            long bad = store.record(HistoryFixtures.run(HistoryFixtures.commit(2), T0.plusSeconds(60), 2));

            store.exclude(bad, "a neighbour ran a build");

            assertThat(store.runs()).filteredOn(run -> run.id() == bad).singleElement()
                    .satisfies(run -> assertThat(run.excluded()).contains("a neighbour ran a build"));
            assertThat(store.points(key(store, "throughput"))).extracting(SeriesPoint::runId).doesNotContain(bad)
                    .hasSize(2);
            assertThatThrownBy(() -> store.exclude(999, "no such run")).hasMessageContaining("no run 999");
        }
    }

    @Test
    void anAcknowledgementIsKept() {
        try (HistoryStore store = fresh()) {
            store.record(HistoryFixtures.run(HistoryFixtures.commit(1), T0, 1));
            SeriesKey series = key(store, "throughput");

            store.acknowledge(series, HistoryFixtures.commit(1), "the new parser, expected");
            store.acknowledge(series, HistoryFixtures.commit(1), "said twice: still one");

            assertThat(store.acknowledged(series, HistoryFixtures.commit(1))).isTrue();
            assertThat(store.acknowledged(series, HistoryFixtures.commit(2))).isFalse();
        }
    }

    @Test
    void theSameRunRecordedTwiceIsKeptOnce() {
        try (HistoryStore store = fresh()) {
            RecordedRun run = HistoryFixtures.run(HistoryFixtures.commit(1), T0, 1);
            long first = store.record(run);

            assertThat(store.record(run)).isEqualTo(first);
            assertThat(store.recorded(run.contentKey())).contains(first);
            assertThat(store.runs()).hasSize(1);
        }
    }

    @Test
    void iterationsTheVerdictSetAsideMakeNoPoint() {
        try (HistoryStore store = fresh()) {
            RecordedRun run = HistoryFixtures.run(HistoryFixtures.commit(1), T0, 10);
            // Fork 2's iterations set aside, as a ranking does with those measured in another CPU placement.
            List<RecordedRun.Figure> figures = run.figures().stream().map(f -> f.fork() == 2
                    ? new RecordedRun.Figure(f.combination(), f.metric(), f.unit(), f.lowerIsBetter(), f.fork(),
                    f.iteration(), f.value(), false) : f).toList();
            store.record(new RecordedRun(run.commit(), run.commitTime(), run.dirty(), run.branch(), run.start(),
                    run.end(), run.suite(), run.testbed(), run.options(), run.seed(), run.summaries(), figures,
                    run.verdicts(), run.contentKey()));

            assertThat(store.points(key(store, "throughput"))).extracting(SeriesPoint::fork).containsExactly(1);
        }
    }

    static SeriesKey key(HistoryStore store, String metric) {
        return store.series().stream().filter(k -> k.metric().equals(metric)).findFirst().orElseThrow();
    }
}
