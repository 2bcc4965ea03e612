package io.loomarena.harness.http;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.ModuleClassPath;
import io.loomarena.harness.ranking.RankingGaps;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.summary.SummaryStore;
import io.loomarena.model.ClientModel;
import io.loomarena.model.PoolSize;
import io.loomarena.model.ServerModel;

/**
 * The framework rows in the vocabulary: names, labels and tags round trip through {@link HttpServerSetup}, the
 * arena's own labels and tags are unchanged, a row launches its module's main class with {@code --threads}, the ping
 * and fanout suites measure every row and rank without a missing one, naming it ({@link RankingGaps}). No JVM forked.
 */
class FrameworkRowsTest {

    @TempDir
    Path results;

    @Test
    void everyRowRoundTripsThroughItsWordsWithItsLabelAndTags() {
        assertThat(FrameworkRow.values()).extracting(FrameworkRow::cliName).containsExactly("spring-boot-virtual",
                "spring-boot-platform", "helidon", "jetty-virtual", "jetty-queued");
        for (FrameworkRow row : FrameworkRow.values()) {
            HttpServerSetup setup = HttpServerSetup.parse(row.cliName());
            assertThat(setup).isEqualTo(HttpServerSetup.of(row));
            assertThat(setup.toString()).isEqualTo(row.cliName());
            assertThat(HttpServerSetup.parse(setup.toString())).isEqualTo(setup);
            assertThat(setup.label()).isEqualTo(row.name() + "_SERVER");
            assertThat(setup.tags()).containsExactly("@Framework", row.framework().tag());
            assertThat(setup.model()).isEqualTo(row.behavesLike());
            assertThat(setup.isFramework()).isTrue();
        }
        assertThat(HttpServerSetup.of(FrameworkRow.SPRING_BOOT_PLATFORM).tags())
                .containsExactly("@Framework", "@FrameworkSpringBoot");
        assertThat(HttpServerSetup.of(FrameworkRow.HELIDON).tags()).containsExactly("@Framework", "@FrameworkHelidon");
        assertThat(HttpServerSetup.of(FrameworkRow.JETTY_QUEUED).tags()).containsExactly("@Framework", "@FrameworkJetty");
    }

    @Test
    void aPoolRowTakesAPoolSizeInItsLabelAndTheOthersRefuseIt() {
        HttpServerSetup four = HttpServerSetup.parse("spring-boot-platform --pool-size 4");

        assertThat(four.label()).isEqualTo("SPRING_BOOT_PLATFORM_4_SERVER");
        assertThat(four.toString()).isEqualTo("spring-boot-platform --pool-size 4");
        assertThat(four).isEqualTo(HttpServerSetup.of(FrameworkRow.SPRING_BOOT_PLATFORM, PoolSize.fixed(4)));
        assertThat(HttpServerSetup.parse("jetty-queued --pool-size 2xcpu").label())
                .isEqualTo("JETTY_QUEUED_2XCPU_SERVER");
        // The framework's own default is not the arena's 100: a size given is always in the label.
        assertThat(HttpServerSetup.parse("jetty-queued --pool-size 100").label()).isEqualTo("JETTY_QUEUED_100_SERVER");
        assertThat(FrameworkRow.SPRING_BOOT_PLATFORM.takesPoolSize()).isTrue();
        assertThat(FrameworkRow.HELIDON.takesPoolSize()).isFalse();
        assertThatThrownBy(() -> HttpServerSetup.parse("helidon --pool-size 4")).hasMessage("'--pool-size' in"
                + " 'helidon --pool-size 4' is not an option of helidon; allowed: no option");
        assertThatThrownBy(() -> HttpServerSetup.parse("jetty-virtual --cache-content")).hasMessage("'--cache-content'"
                + " in 'jetty-virtual --cache-content' is not an option of jetty-virtual; allowed: no option");
        assertThatThrownBy(() -> HttpServerSetup.parse("spring-boot-platform --cache-content"))
                .hasMessageContaining("allowed: --pool-size N|Nxcpu");
        assertThatThrownBy(() -> HttpServerSetup.parse("spring")).hasMessageContaining("or a framework row: "
                + "spring-boot-virtual, spring-boot-platform, helidon, jetty-virtual, jetty-queued");
    }

    @Test
    void theArenasLabelsTagsAndWordsAreUnchanged() {
        assertThat(HttpServerSetup.parse("pool").label()).isEqualTo("POOL_SERVER");
        assertThat(HttpServerSetup.parse("pool").toString()).isEqualTo("pool --pool-size 100");
        assertThat(HttpServerSetup.parse("pool --pool-size 4").label()).isEqualTo("POOL_4_SERVER");
        assertThat(HttpServerSetup.parse("pool --pool-size 2xcpu").label()).isEqualTo("POOL_2XCPU_SERVER");
        assertThat(HttpServerSetup.parse("virtual --cache-content").label()).isEqualTo("VIRTUAL_SERVER_CACHED");
        assertThat(HttpServerSetup.parse("virtual --cache-content").tags())
                .containsExactly("@ServerVirtual", "@CachedContent");
        for (HttpServerSetup setup : HttpServerSetup.everyModel()) {
            assertThat(setup.isFramework()).isFalse();
            assertThat(setup.tags()).containsExactly(setup.model().tag());
            assertThat(setup.label()).startsWith(setup.model().name());
        }
        assertThat(new HttpSuite.Entry(HttpServerSetup.parse("virtual --cache-content"), ClientModel.PLATFORM).tags())
                .containsExactly("@ServerVirtual", "@CachedContent", "@ClientPlatform");
    }

    @Test
    void aRowLaunchesItsFrameworksMainWithThreadsOnItsModulesClassPath() {
        JvmLaunch launch = HttpServerSetup.parse("spring-boot-platform --pool-size 4")
                .launch(List.of("--downstream", "http://127.0.0.1:1/io"));

        assertThat(launch.mainClass()).isEqualTo("io.loomarena.framework.spring.SpringBootMain");
        assertThat(launch.args()).containsExactly("serve", "--threads", "platform", "--host", "127.0.0.1", "--port",
                "0", "--pool-size", "4", "--downstream", "http://127.0.0.1:1/io");
        assertThat(launch.classPath()).isEqualTo(new ModuleClassPath("http-server/frameworks/spring-boot",
                "spring-boot-platform"));
        // Arguments added later keep the module's class path.
        assertThat(launch.withOption("--host", "0.0.0.0").classPath()).isEqualTo(launch.classPath());
        assertThat(HttpServerSetup.parse("helidon").launch(List.of()).args()).containsExactly("serve", "--threads",
                "virtual", "--host", "127.0.0.1", "--port", "0");
        assertThat(HttpServerSetup.parse("jetty-queued").launch(List.of()).mainClass())
                .isEqualTo("io.loomarena.framework.jetty.JettyMain");
        assertThat(HttpServerSetup.parse("virtual").launch(List.of()).classPath()).isNull();
    }

    @Test
    void pingAndFanoutMeasureEveryRowAgainstTheVirtualClientAsOptionalCombinations() {
        List<String> rows = List.of("SPRING_BOOT_VIRTUAL_SERVER+VIRTUAL_CLIENT",
                "SPRING_BOOT_PLATFORM_SERVER+VIRTUAL_CLIENT", "HELIDON_SERVER+VIRTUAL_CLIENT",
                "JETTY_VIRTUAL_SERVER+VIRTUAL_CLIENT", "JETTY_QUEUED_SERVER+VIRTUAL_CLIENT");

        assertThat(HttpSuite.PING.optionalCombinations(Map.of())).containsExactlyElementsOf(rows);
        assertThat(HttpSuite.PING.expectedCombinations(Map.of())).doesNotContainAnyElementsOf(rows);
        assertThat(HttpSuite.FANOUT.optionalCombinations(Map.of("path", "/io?ms=10")))
                .containsExactlyElementsOf(rows.stream().map(row -> row + "+IO").toList());
        for (HttpSuite suite : List.of(HttpSuite.DATA, HttpSuite.SWEEP, HttpSuite.CPU, HttpSuite.CONDITIONAL)) {
            assertThat(suite.combinations()).noneMatch(entry -> entry.server().isFramework());
        }
        assertThat(HttpServerSetup.everyFramework()).extracting(HttpServerSetup::framework)
                .containsExactly(FrameworkRow.values());
        assertThat(HttpSuite.PING.plan("spring-boot-virtual", "virtual", HttpWorkload.closed("/ping", 10, 1, true))
                .serverModel()).isEqualTo("spring-boot-virtual");
        assertThatThrownBy(() -> HttpSuite.PING.plan("helidon", "platform", HttpWorkload.closed("/ping", 10, 1, true)))
                .hasMessageContaining("does not measure helidon against the platform client");
    }

    @Test
    void aRankingWithoutAFrameworkRowRanksTheRestAndNamesEachGapWithItsFailure() {
        SummaryStore store = new SummaryStore(results);
        long ms = 100;
        for (String combination : HttpSuite.PING.expectedCombinations(Map.of())) {
            String[] labels = combination.split("\\+", 2);
            store.write(summary("http-ping", "req", labels[0], labels[1],
                    HttpWorkload.closed("/ping", 10, 200_000, true).parameters(), ms, ms + 10, ms += 20));
        }
        String failure = "spring-boot-virtual: http-server/frameworks/spring-boot is not built (no /r/x); build it with"
                + " ./mvnw -q -pl http-server/frameworks/spring-boot -am compile";

        SuiteRanking ranking = SuiteRanking.rank(store, HttpSuite.PING,
                Map.of("SPRING_BOOT_VIRTUAL_SERVER+VIRTUAL_CLIENT", failure));

        assertThat(ranking.finalLines()).hasSize(HttpSuite.PING.expectedCombinations(Map.of()).size());
        List<String> gaps = ranking.console().lines().filter(line -> line.startsWith(RankingGaps.PREFIX)).toList();
        assertThat(gaps).hasSize(FrameworkRow.values().length);
        assertThat(gaps.getFirst()).isEqualTo("[PERF][GAP] http-ping: SPRING_BOOT_VIRTUAL_SERVER+VIRTUAL_CLIENT not"
                + " ranked: its measurement failed in this run: " + failure);
        assertThat(gaps.get(1)).isEqualTo("[PERF][GAP] http-ping: SPRING_BOOT_PLATFORM_SERVER+VIRTUAL_CLIENT not"
                + " ranked: no summary (it runs only when its tags select it, for example"
                + " -Dcucumber.filter.tags='@Framework')");
        assertThat(results.resolve("http-ping/ranking.md")).content().contains(gaps.getFirst());
        assertThat(results.resolve("http-ping/ranking.csv")).content().doesNotContain("[PERF][GAP]");
    }

    @Test
    void aRowThatRanIsRankedWithTheOthersAndNoGapIsNamed() {
        SummaryStore store = new SummaryStore(results);
        Map<String, Object> workload = HttpWorkload.closed("/ping", 10, 200_000, true).parameters();
        long ms = 100;
        for (String combination : HttpSuite.PING.combinations().stream().map(e -> e.name("")).toList()) {
            String[] labels = combination.split("\\+", 2);
            store.write(summary("http-ping", "req", labels[0], labels[1], workload, ms, ms + 10, ms += 20));
        }

        SuiteRanking ranking = SuiteRanking.rank(store, HttpSuite.PING);

        assertThat(ranking.finalLines()).hasSize(HttpSuite.PING.combinations().size());
        assertThat(ranking.console()).doesNotContain(RankingGaps.PREFIX).contains("SPRING_BOOT_PLATFORM_SERVER");
        assertThat(ServerModel.POOL.label()).isEqualTo("POOL_SERVER");
    }
}
