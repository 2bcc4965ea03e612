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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * Each format on one fixed ranking, compared with a golden file under {@code src/test/resources/golden/}. After an
 * intended format change, regenerate them with {@code -Dgolden.update=true} and review the diff.
 */
class RankingFormatsTest {

    /** The docs/architecture.md line, as a user's parser would read it. */
    private static final Pattern FINAL_LINE = Pattern.compile("\\[PERF]\\[FINAL] \\d+\\) \\S+ average: \\d+\\.\\d{3} s,"
            + " throughput=\\d+\\.\\d{2} msg/s, avg=\\d+\\.\\d{4} ms/msg, delta=\\d+\\.\\d{3} s"
            + " \\([+-]\\d+\\.\\d{2}% vs fastest\\)( .*)?");

    private static final Ranking RANKING = Ranking.of("echo", List.of(
            summary("echo", "msg", "PLATFORM_SERVER", "PLATFORM_CLIENT", workload(20), 150, 160, 170),
            summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT", workload(20), 116, 110, 122),
            summary("echo", "msg", "SINGLE_SERVER", "VIRTUAL_CLIENT", workload(20), 400, 420, 380)),
            List.of(), "test");

    @Test
    void console() throws IOException {
        String text = ConsoleRanking.render(fastest(RANKING));

        assertThat(text).isEqualTo(golden("ranking-console.txt", text));
        assertThat(text.lines().filter(line -> line.startsWith("[PERF][FINAL]")))
                .hasSize(3).allMatch(line -> FINAL_LINE.matcher(line).matches());
    }

    @Test
    void tiedCombinationsSayWithWhomOnEveryOutput() {
        Ranking ranking = Ranking.of("echo", List.of(
                summary("echo", "msg", "PLATFORM_SERVER", "PLATFORM_CLIENT", workload(20), 150, 160, 170),
                summary("echo", "msg", "POOL_SERVER", "PLATFORM_CLIENT", workload(20), 140, 165, 175),
                summary("echo", "msg", "SINGLE_SERVER", "VIRTUAL_CLIENT", workload(20), 400, 420, 380)),
                List.of(), "test");

        assertThat(ConsoleRanking.render(fastest(ranking))).contains("tied-with=2,", "tied-with=1,",
                "tied-with=none,", Ranking.TIE_RULE);
        assertThat(MarkdownRanking.render(fastest(ranking))).contains("| 1 |", "| 2 |", Ranking.TIE_RULE);
        int column = List.of(CsvRanking.header(fastest(ranking)).split(",")).indexOf("tied_with");
        assertThat(CsvRanking.render(fastest(ranking)).lines().skip(1).map(row -> row.split(",", -1)[column]))
                .containsExactly("2", "1", "");
        assertThat(ranking.tiedWith(ranking.entries().get(2))).isEmpty();
    }

    @Test
    void markdown() throws IOException {
        String text = MarkdownRanking.render(fastest(RANKING));

        assertThat(text).isEqualTo(golden("ranking.md", text));
    }

    @Test
    void csv() throws IOException {
        String text = CsvRanking.render(fastest(RANKING));

        assertThat(text).isEqualTo(golden("ranking.csv", text));
        // Commas inside quoted cells (tied_with "2,3") do not separate cells.
        assertThat(text.lines()).allSatisfy(line -> assertThat(line.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1))
                .hasSize(CsvRanking.header(fastest(RANKING)).split(",").length));
    }

    @Test
    void quotesCsvCellsThatNeedIt() {
        assertThat(CsvRanking.quote("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvRanking.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvRanking.quote("A+B")).isEqualTo("A+B");
    }

    /**
     * The golden file's text. With {@code -Dgolden.update=true} the golden file under {@code src/test/resources} is
     * first rewritten with {@code actual} (review the diff before committing it).
     */
    private static String golden(String name, String actual) throws IOException {
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(Path.of("src/test/resources/golden", name), actual, StandardCharsets.UTF_8);
            return actual;
        }
        try (InputStream in = RankingFormatsTest.class.getResourceAsStream("/golden/" + name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
