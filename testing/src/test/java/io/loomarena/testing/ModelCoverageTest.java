package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every outline with a model column runs every model its server implements or says, in the file, why not
 * ({@link ModelCoverage}): a new model is a failure here until each outline has its row or its reason.
 */
class ModelCoverageTest {

    /** The repository's {@code features/}, read where it is written, not the copy on the class path. */
    static final Path FEATURES = Path.of("..", "features");

    private static final String OUTLINE = """
            @Echo
            Feature: echo
              Scenario Outline: <model> echoes
                When a client sends "hi" to the <model> server
                Then it gets "hi" back

                Examples:
                  | model      |
                  | single     |
                  | platform   |
                  | pool       |
                  | virtual    |
                  | event-loop |
                  | netty      |
            """;

    @Test
    void everyOutlineListsEveryImplementedModelOrSaysWhyNot() throws IOException {
        List<String> problems = new ArrayList<>();
        int files = 0;
        try (Stream<Path> paths = Files.walk(FEATURES)) {
            for (Path file : paths.filter(p -> p.toString().endsWith(".feature")).sorted().toList()) {
                files++;
                problems.addAll(ModelCoverage.problems(FEATURES.relativize(file).toString(), Files.readString(file)));
            }
        }
        assertThat(files).as("feature files read under " + FEATURES.toAbsolutePath()).isGreaterThan(10);
        assertThat(problems).as("outlines that leave a model out without a reason").isEmpty();
    }

    @Test
    void anOutlineWithEveryModelPasses() {
        assertThat(ModelCoverage.problems("echo.feature", OUTLINE)).isEmpty();
    }

    @Test
    void aRemovedRowIsNamedWithWhatToWrite() {
        String withoutNetty = OUTLINE.replace("      | netty      |\n", "");

        assertThat(ModelCoverage.problems("echo.feature", withoutNetty)).containsExactly("echo.feature:3"
                + " '<model> echoes': the server models [netty] have no row; add their rows, or say why inside the"
                + " outline: '# without server netty: <reason>'");
    }

    @Test
    void aReasonInTheOutlineExcusesTheModelItNames() {
        String excused = OUTLINE.replace("      | netty      |\n", "")
                .replace("    Examples:", "    # without server netty: Netty is measured elsewhere\n    Examples:");

        assertThat(ModelCoverage.problems("echo.feature", excused)).isEmpty();
    }

    @Test
    void anExemptionWithoutAReasonOrForAListedOrUnknownModelIsNamed() {
        String wrong = OUTLINE.replace("    Examples:", """
                    # without server netty:
                    # without server turbo: fast
                    Examples:""");

        assertThat(ModelCoverage.problems("echo.feature", wrong)).containsExactly(
                "echo.feature:7: '# without server netty:' gives no reason after the colon",
                "echo.feature:3 '<model> echoes': '# without server netty' but a row runs netty",
                "echo.feature:3 '<model> echoes': '# without server turbo' names no server model of @Echo (one of:"
                        + " single, platform, pool, virtual, event-loop, netty)");
    }

    @Test
    void aMissingClientIsNamedAndHttpNeedsNoNettyRow() {
        String http = """
                @Http
                Feature: http
                  Scenario Outline: <server> against <client>
                    When "<server>" answers the <client> client

                    Examples:
                      | server     | client  |
                      | single     | virtual |
                      | platform   | virtual |
                      | pool       | virtual |
                      | virtual    | virtual |
                      | event-loop | virtual |
                """;

        assertThat(ModelCoverage.problems("http.feature", http)).containsExactly("http.feature:3"
                + " '<server> against <client>': the client models [platform] have no row; add their rows, or say"
                + " why inside the outline: '# without client platform: <reason>'");
    }
}
