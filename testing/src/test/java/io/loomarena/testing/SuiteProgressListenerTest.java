package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.cucumber.tagexpressions.Expression;
import io.cucumber.tagexpressions.TagExpressionParser;
import org.junit.jupiter.api.Test;

class SuiteProgressListenerTest {

    @Test
    void measuringScenariosBelongToTheirSuite() {
        assertThat(SuiteProgressListener.suiteOf(Set.of("Echo", "Performance", "ServerPool", "ClientVirtual")))
                .isEqualTo("echo");
        assertThat(SuiteProgressListener.suiteOf(Set.of("Http", "Performance", "HttpPing", "ThreadPool")))
                .isEqualTo("http-ping");
        assertThat(SuiteProgressListener.suiteOf(Set.of("Http", "Performance", "HttpFanout", "Slow")))
                .isEqualTo("http-fanout");
    }

    @Test
    void rankingIdleMemoryAndFunctionalScenariosAreNotCombinations() {
        assertThat(SuiteProgressListener.suiteOf(Set.of("Echo", "PerformanceSummary"))).isNull();
        assertThat(SuiteProgressListener.suiteOf(Set.of("Echo", "Performance", "ServerVirtual"))).isNull();
        assertThat(SuiteProgressListener.suiteOf(Set.of("Echo", "Functional", "ClientVirtual"))).isNull();
    }

    @Test
    void aScenarioIsSkippedAsSlowOnlyWhenItsSlowTagAloneKeepsItOut() {
        Expression byDefault = TagExpressionParser.parse("not @Slow");
        Expression quickEcho = TagExpressionParser.parse("@Echo and not @Slow");

        assertThat(SuiteProgressListener.skippedOnlyAsSlow(byDefault, List.of("@Echo", "@Slow"))).isTrue();
        assertThat(SuiteProgressListener.skippedOnlyAsSlow(byDefault, List.of("@Echo"))).isFalse();
        assertThat(SuiteProgressListener.skippedOnlyAsSlow(quickEcho, List.of("@Echo", "@Slow"))).isTrue();
        assertThat(SuiteProgressListener.skippedOnlyAsSlow(quickEcho, List.of("@Http", "@Slow")))
                .as("left out for not being @Echo").isFalse();
        assertThat(SuiteProgressListener.skippedOnlyAsSlow(TagExpressionParser.parse("@Slow"), List.of("@Slow")))
                .as("selected").isFalse();
    }

    @Test
    void theNameFilterKeepsTheNamesItsExpressionIsFoundInAsCucumberDoes() {
        assertThat(SuiteProgressListener.nameFilter(Optional.of("virtual echo server against virtual")))
                .accepts("virtual echo server against virtual echo client, 100 clients x 2500 messages")
                .rejects("pool echo server against virtual echo client, 100 clients x 2500 messages");
        assertThat(SuiteProgressListener.nameFilter(Optional.of(".*(pool|platform) echo server.*")))
                .accepts("pool echo server against platform echo client").rejects("virtual echo server");
        assertThat(SuiteProgressListener.nameFilter(Optional.empty())).as("unset").accepts("anything");
        assertThat(SuiteProgressListener.nameFilter(Optional.of(" "))).as("blank").accepts("anything");
        assertThat(SuiteProgressListener.nameFilter(Optional.of("(unclosed"))).as("left to Cucumber's error")
                .accepts("anything");
    }

    @Test
    void theSlowLineSaysHowManyAndHowToRunThem() {
        assertThat(SuiteProgressListener.slowLine(143)).startsWith("[SKIPPED] 143 scenarios are tagged @Slow")
                .contains("-Dcucumber.filter.tags='@Slow'");
        assertThat(SuiteProgressListener.slowLine(1)).startsWith("[SKIPPED] 1 scenario is tagged @Slow");
    }
}
