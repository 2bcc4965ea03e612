package io.loomarena.harness.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalDouble;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.fake.FakePlans;
import io.loomarena.measure.IterationLoop.Step;
import io.loomarena.measure.IterationProtocol.Done;

/** The progress line of one iteration: what a user watching a run reads, including the disturbed suffix. */
class ForkProgressTest {

    private static final Done ONE_SECOND = new Done(new Step(false, 2, 3), 1_250_000_000L, 100_000, 0);

    @Test
    void aQuietIterationPrintsItsTimeAndRateOnly() {
        assertThat(line(OptionalDouble.of(0.02), "")).isEqualTo(
                "[PERF] FAKE_SERVER+FAKE_CLIENT fork 1/2 iteration 2/3: 1.250 s, 80,000 op/s");
        assertThat(line(OptionalDouble.empty(), "")).isEqualTo(
                "[PERF] FAKE_SERVER+FAKE_CLIENT fork 1/2 iteration 2/3: 1.250 s, 80,000 op/s");
    }

    @Test
    void anIterationWhereOtherWorkTookTenPercentOrMoreSaysItWasDisturbed() {
        assertThat(line(OptionalDouble.of(0.27), "")).isEqualTo("[PERF] FAKE_SERVER+FAKE_CLIENT fork 1/2 iteration"
                + " 2/3: 1.250 s, 80,000 op/s, disturbed: other work took 27% of a pinned CPU");
        assertThat(line(OptionalDouble.of(0.0999), "")).doesNotContain("disturbed");
        assertThat(line(OptionalDouble.of(0.10), "baseline main")).startsWith("[PERF] baseline main: FAKE_SERVER")
                .endsWith(", disturbed: other work took 10% of a pinned CPU");
    }

    private static String line(OptionalDouble neighbours, String build) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        new ForkProgress(out, FakePlans.plan("echo", "echo", 100_000), 2, build)
                .iterationDone(1, List.of(ONE_SECOND), neighbours);
        return bytes.toString(StandardCharsets.UTF_8).strip();
    }
}
