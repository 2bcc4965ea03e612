package io.loomarena.harness.history.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.Direction;
import io.loomarena.harness.history.Segment;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;

/** The CSV of one series, with and without its analysis. */
class SeriesCsvTest {

    private static final SeriesKey KEY = new SeriesKey("tb1", "echo", "VIRTUAL_SERVER+VIRTUAL_CLIENT", "throughput",
            Direction.HIGHER_IS_BETTER, "msg/s");
    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    private static List<SeriesPoint> points() {
        return List.of(
                new SeriesPoint(1, "aaa", T0, T0.plusSeconds(60), 1, 100_000),
                new SeriesPoint(1, "aaa", T0, T0.plusSeconds(60), 2, 102_000),
                new SeriesPoint(2, "bbb", T0.plusSeconds(3600), T0.plusSeconds(3700), 1, 90_000.5));
    }

    @Test
    void onePointALineWithItsSegmentAndTheChangeOnTheFirstPointAfterIt() {
        List<SeriesPoint> points = points();
        SeriesAnalysis analysis = new SeriesAnalysis(KEY, points,
                List.of(new Segment(0, 2, 101_000, 99_000, 103_000), new Segment(2, 3, 90_000.5, 90_000.5, 90_000.5)),
                List.of(new ChangePoint(KEY, 2, "aaa", "bbb", -0.1089, -0.12, -0.09, 0.001, true, true)));

        String csv = SeriesCsv.write(KEY, points, Optional.of(analysis));

        assertThat(csv.split("\r\n")).containsExactly(
                "series,unit,run,commit,commit_time,run_start,fork,value,segment,segment_mean,change",
                "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb1,msg/s,1,aaa,2026-01-01T10:00:00Z,"
                        + "2026-01-01T10:01:00Z,1,100000.0,1,101000.0,",
                "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb1,msg/s,1,aaa,2026-01-01T10:00:00Z,"
                        + "2026-01-01T10:01:00Z,2,102000.0,1,101000.0,",
                "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb1,msg/s,2,bbb,2026-01-01T11:00:00Z,"
                        + "2026-01-01T11:01:40Z,1,90000.5,2,90000.5,-0.1089");
    }

    @Test
    void withoutAnAnalysisTheSegmentColumnsAreEmpty() {
        String[] lines = SeriesCsv.write(KEY, points(), Optional.empty()).split("\r\n");

        assertThat(lines).hasSize(4);
        assertThat(lines[1]).endsWith(",1,100000.0,,,");
    }

    @Test
    void anEmptySeriesIsItsHeader() {
        assertThat(SeriesCsv.write(KEY, List.of(), Optional.empty()))
                .isEqualTo(String.join(",", SeriesCsv.COLUMNS) + "\r\n");
    }

    @Test
    void cellsWithACommaOrAQuoteAreQuoted() {
        assertThat(SeriesCsv.quoted("a,b")).isEqualTo("\"a,b\"");
        assertThat(SeriesCsv.quoted("say \"x\"")).isEqualTo("\"say \"\"x\"\"\"");
        assertThat(SeriesCsv.quoted("plain")).isEqualTo("plain");
    }

    @Test
    void anAnalysisOfOtherPointsIsRefused() {
        SeriesAnalysis analysis = new SeriesAnalysis(KEY, points().subList(0, 1), List.of(), List.of());

        assertThatThrownBy(() -> SeriesCsv.write(KEY, points(), Optional.of(analysis)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 points, the series 3");
    }
}
