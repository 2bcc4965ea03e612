package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.measure.IterationLoop.Step;
import io.loomarena.measure.IterationProtocol.Done;
import io.loomarena.measure.IterationProtocol.Line;
import io.loomarena.measure.IterationProtocol.Ready;

class IterationProtocolTest {

    @Test
    void everyLineTheClientFormatsParsesBackToItself() {
        List<Line> lines = List.of(new Ready(new Step(true, 1, 2)), new Ready(new Step(false, 3, 3)),
                new Done(new Step(true, 2, 2), 1_214_000_000L, 100_000, 0),
                new Done(new Step(false, 1, 1000), Long.MAX_VALUE, 0, 7));
        for (Line line : lines) {
            assertThat(IterationProtocol.parse(line.format())).contains(line);
        }
    }

    @Test
    void theLinesKeepTheirFormat() {
        assertThat(new Ready(new Step(true, 1, 2)).format()).isEqualTo("[ITERATION] ready warmup 1/2");
        assertThat(new Done(new Step(false, 3, 3), 5, 6, 1).format())
                .isEqualTo("[ITERATION] done iteration 3/3 elapsedNanos=5 operations=6 errors=1");
    }

    @Test
    void otherOutputIsNotTheProtocols() {
        assertThat(IterationProtocol.parse("connected 100 clients")).isEmpty();
        assertThat(IterationProtocol.parse("")).isEmpty();
    }

    @Test
    void aMalformedProtocolLineIsAnErrorThatQuotesIt() {
        for (String bad : List.of("[ITERATION] ready", "[ITERATION] ready warmup 0/2", "[ITERATION] ready iteration 4/3",
                "[ITERATION] done iteration 1/3 elapsedNanos=x operations=1 errors=0",
                "[ITERATION] done iteration 1/3 elapsedNanos=1 operations=1", "[ITERATION] begin warmup 1/1",
                "[ITERATION] done iteration 1/3 elapsedNanos=99999999999999999999 operations=1 errors=0",
                "[ITERATION] done iteration 1/3 elapsedNanos=9999999999999999999 operations=1 errors=0")) {
            assertThatThrownBy(() -> IterationProtocol.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("malformed iteration protocol line").hasMessageEndingWith("'" + bad + "'");
        }
    }
}
