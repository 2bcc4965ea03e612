package io.loomarena.harness.ranking;

import static io.loomarena.harness.ranking.Tables.fastest;
import static io.loomarena.harness.ranking.Tables.level;
import static io.loomarena.harness.ranking.Tables.p99;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The formats the HTTP suites add (p99 ranking of an open model, one table per sweep level) on one fixed ranking,
 * compared with golden files under {@code src/test/resources/golden/}; regenerate with {@code -Dgolden.update=true}
 * and review the diff.
 */
class HttpRankingFormatsTest {

    private static final Pattern P99_LINE = Pattern.compile("\\[PERF]\\[P99] \\d+\\) \\S+ p99=\\d+ us, p50=\\d+ us,"
            + " p90=\\d+ us, p95=\\d+ us, max=\\d+ us, errors=\\d+ of \\d+ \\(\\d+\\.\\d{2}%\\), delta p99=[+-]\\d+ us"
            + " \\([+-]\\d+\\.\\d{2}% vs best\\)");

    /** Three server models whose fixture latencies grow with their run times. */
    private static final Ranking RANKING = Ranking.of("http-data", List.of(
            summary("http-data", "req", "VIRTUAL_SERVER", "VIRTUAL_CLIENT", workload(20), 150, 160, 170),
            summary("http-data", "req", "POOL_SERVER", "VIRTUAL_CLIENT", workload(20), 116, 110, 122),
            summary("http-data", "req", "SINGLE_SERVER", "VIRTUAL_CLIENT", workload(20), 100, 90, 95)),
            List.of(), "test");

    @Test
    void p99ConsoleRanksByP99UnderAHeaderThatSaysSo() throws IOException {
        String text = ConsoleRanking.render(p99(RANKING));

        assertThat(text).isEqualTo(golden("http-p99-console.txt", text));
        assertThat(text.lines().findFirst().orElseThrow())
                .contains("ranking by p99 latency (lower is better) of an open-model workload");
        assertThat(text.lines().filter(line -> line.startsWith("[PERF][P99]"))).hasSize(3)
                .allMatch(line -> P99_LINE.matcher(line).matches());
        assertThat(P99Order.sorted(RANKING)).extracting(s -> s.serverLabel())
                .containsExactly("SINGLE_SERVER", "POOL_SERVER", "VIRTUAL_SERVER");
    }

    @Test
    void p99Markdown() throws IOException {
        String text = MarkdownRanking.render(p99(RANKING));

        assertThat(text).isEqualTo(golden("http-p99.md", text));
    }

    @Test
    void p99Csv() throws IOException {
        String text = CsvRanking.render(p99(RANKING));

        assertThat(text).isEqualTo(golden("http-p99.csv", text));
        assertThat(text.lines()).allSatisfy(line -> assertThat(line.split(",", -1))
                .hasSize(CsvRanking.header(p99(RANKING)).split(",").length));
    }

    @Test
    void levelTableForTheConsoleAndForMarkdown() throws IOException {
        String console = ConsoleRanking.render(level(RANKING));
        String markdown = MarkdownRanking.render(level(RANKING));

        assertThat(console).isEqualTo(golden("http-level-table.txt", console));
        assertThat(markdown.lines().skip(2).toList()).isEqualTo(console.lines().skip(1).toList());
        assertThat(markdown).startsWith("## http-data: 3 servers, highest throughput first");
    }

    private static String golden(String name, String actual) throws IOException {
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(Path.of("src/test/resources/golden", name), actual, StandardCharsets.UTF_8);
            return actual;
        }
        try (InputStream in = HttpRankingFormatsTest.class.getResourceAsStream("/golden/" + name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
