package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

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
}
