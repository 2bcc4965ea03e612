package io.loomarena.harness.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.summary.RatioInterval;

class RatioRuleTest {

    /** Two forks of three iterations around {@code level}, with {@code spread} relative noise inside each fork. */
    private static List<List<Double>> forks(double level, double spread) {
        return List.of(List.of(level * (1 - spread), level, level * (1 + spread)),
                List.of(level * (1 + spread), level * (1 - spread), level));
    }

    @Test
    void sameBuildPassesWithAnIntervalAroundOne() {
        AbVerdict verdict = RatioRule.throughput("msg", 0.05).judge("A+B", "main", forks(200_000, 0.01),
                forks(200_000, 0.01));
        assertThat(verdict.outcome()).isEqualTo(AbVerdict.Outcome.PASS);
        assertThat(verdict.interval().ratio()).isCloseTo(1.0, within(1e-9));
        assertThat(verdict.interval().lower()).isBetween(0.97, 1.0);
        assertThat(verdict.interval().upper()).isBetween(1.0, 1.03);
        assertThat(verdict.line()).startsWith("[PERF][GATE] PASS A+B: throughput this/baseline 1.000 [")
                .contains("(95%)", "200,000 vs 200,000 msg/s", "limit >= 0.950",
                        "throughput at most 5% lower than the baseline main");
    }

    @Test
    void fifteenPercentSlowerFails() {
        AbVerdict verdict = RatioRule.throughput("msg", 0.05).judge("VIRTUAL_SERVER+VIRTUAL_CLIENT", "main",
                forks(200_000, 0.02), forks(170_000, 0.02));
        assertThat(verdict.outcome()).isEqualTo(AbVerdict.Outcome.FAIL);
        assertThat(verdict.interval().ratio()).isCloseTo(0.85, within(1e-9));
        assertThat(verdict.interval().upper()).isLessThan(0.95);
        assertThat(verdict.outcome().acceptable()).isFalse();
    }

    @Test
    void anIntervalAcrossTheLimitIsInconclusiveAndAcceptable() {
        AbVerdict verdict = RatioRule.throughput("msg", 0.05).judge("A+B", "main", forks(100, 0.05),
                forks(95, 0.05));
        assertThat(verdict.outcome()).isEqualTo(AbVerdict.Outcome.INCONCLUSIVE);
        assertThat(verdict.interval().lower()).isLessThan(0.95);
        assertThat(verdict.interval().upper()).isGreaterThan(0.95);
        assertThat(verdict.outcome().acceptable()).isTrue();
    }

    @Test
    void latencyRuleFailsWhenP99RisesBeyondTheTolerance() {
        RatioRule rule = RatioRule.p99(0.05);
        assertThat(rule.limit()).isEqualTo(1.05);
        assertThat(rule.judge("virtual", "v1", forks(1000, 0.01), forks(1300, 0.01)).outcome())
                .isEqualTo(AbVerdict.Outcome.FAIL);
        assertThat(rule.judge("virtual", "v1", forks(1000, 0.01), forks(900, 0.01)).outcome())
                .isEqualTo(AbVerdict.Outcome.PASS);
        assertThat(rule.describe()).isEqualTo("p99 latency at most 5% higher than the baseline");
    }

    @Test
    void serverCpuRuleFailsWhenEachOperationCostsMoreThanTheTolerance() {
        RatioRule rule = RatioRule.serverCpuPerOperation("msg", 0.05);
        assertThat(rule.limit()).isEqualTo(1.05);
        assertThat(rule.unit()).isEqualTo("ns/msg");
        assertThat(rule.judge("virtual", "v1", forks(3000, 0.01), forks(3300, 0.01)).outcome())
                .isEqualTo(AbVerdict.Outcome.FAIL);
        assertThat(rule.judge("virtual", "v1", forks(3000, 0.01), forks(3000, 0.01)).outcome())
                .isEqualTo(AbVerdict.Outcome.PASS);
        assertThat(rule.describe()).isEqualTo("server CPU per msg at most 5% higher than the baseline");
    }

    @Test
    void forkToForkSpreadWidensTheInterval() {
        // Within each fork the iterations agree to 0.1%, but the two forks of each side differ by 10%: treating the
        // six iterations as independent would give a narrow interval; resampling forks first does not.
        List<List<Double>> a = List.of(List.of(100.0, 100.1, 99.9), List.of(110.0, 110.1, 109.9));
        RatioInterval interval = RatioInterval.of(a, a, 0.95);
        assertThat(interval.upper() - interval.lower()).isGreaterThan(0.08);
    }

    @Test
    void theSameDataGivesTheSameInterval() {
        assertThat(RatioInterval.of(forks(100, 0.03), forks(98, 0.03), 0.95))
                .isEqualTo(RatioInterval.of(forks(100, 0.03), forks(98, 0.03), 0.95));
    }

    @Test
    void badInputIsRefusedWithItsReason() {
        assertThatThrownBy(() -> RatioInterval.of(List.of(), forks(1, 0), 0.95))
                .hasMessage("baseline: no fork measured");
        assertThatThrownBy(() -> RatioInterval.of(forks(1, 0), List.of(List.of()), 0.95))
                .hasMessage("this build: fork 1 has no measured iteration");
        assertThatThrownBy(() -> RatioInterval.of(forks(1, 0), List.of(List.of(0.0)), 0.95))
                .hasMessageContaining("every value must be positive and finite");
        assertThatThrownBy(() -> RatioRule.throughput("msg", 1.5)).hasMessageContaining("tolerance");
    }
}
