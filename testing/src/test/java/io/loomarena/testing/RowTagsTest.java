package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.cucumber.tagexpressions.TagExpressionParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.FilePosition;
import org.junit.platform.engine.support.descriptor.FileSource;

import io.loomarena.harness.http.FrameworkRow;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;

class RowTagsTest {

    private static final String OUTLINE = """
            @Http
            Feature: f
              Scenario Outline: s <server>
                Given the HTTP server runs "<server>"

                @Slow
                Examples: every model
                  | server                  | client   | requests |
                  | single                  | platform | 10       |
                  | pool --pool-size 4      | virtual  | 10       |
                  | virtual --cache-content | virtual  | 10       |
            """;

    @Test
    void aRowCarriesItsServerModelsTagItsClientModelsTagAndCachedContent() {
        Map<Integer, Set<String>> rows = RowTags.rows("features/http/f.feature", OUTLINE);

        assertThat(rows).containsOnlyKeys(9, 10, 11);
        assertThat(rows.get(9)).containsExactlyInAnyOrder("@ServerSingle", "@ClientPlatform");
        assertThat(rows.get(10)).containsExactlyInAnyOrder("@ServerPool", "@ClientVirtual");
        assertThat(rows.get(11)).containsExactlyInAnyOrder("@ServerVirtual", "@CachedContent", "@ClientVirtual");
    }

    @Test
    void theModelColumnNamesTheServerAndOtherColumnsGiveNothing() {
        assertThat(RowTags.derive("model", "event-loop", "x:1")).containsExactly("@ServerEventLoop");
        assertThat(RowTags.derive("clients", "100", "x:1")).isEmpty();
        assertThat(RowTags.derive("kind", "virtual", "x:1")).isEmpty();
    }

    @Test
    void aFrameworkRowCarriesItsFrameworksTagsAndNoModelsSoServerVirtualNeverStartsOne() {
        assertThat(RowTags.derive("server", "spring-boot-virtual", "x:1"))
                .containsExactlyInAnyOrder("@Framework", "@FrameworkSpringBoot");
        assertThat(RowTags.derive("server", "jetty-queued --pool-size 4", "x:1"))
                .containsExactlyInAnyOrder("@Framework", "@FrameworkJetty");
        assertThat(RowTags.derive("server", "helidon", "x:1")).containsExactlyInAnyOrder("@Framework",
                "@FrameworkHelidon").doesNotContain("@ServerVirtual");
    }

    @Test
    void anUnknownModelWordFailsWithOneLineNamingFileLineAndWord() {
        String typo = OUTLINE.replace("| pool --pool-size 4      | virtual  |", "| pol                     | virtual  |");
        assertThatThrownBy(() -> RowTags.rows("features/http/f.feature", typo))
                .isInstanceOf(RowTags.UnknownModel.class)
                .hasMessage("features/http/f.feature:10: 'pol' in column 'server' is not a server model (one of: "
                        + ServerModel.allowed() + "; or a framework row: " + FrameworkRow.allowed() + ")");
        assertThatThrownBy(() -> RowTags.derive("client", "green", "features/echo/e.feature:7"))
                .hasMessage("features/echo/e.feature:7: 'green' in column 'client' is not a client model (one of: "
                        + ClientModel.allowed() + ")");
    }

    @Test
    void theFilterKeepsARowByItsOwnTagsAndItsRowsTags(@TempDir Path dir) throws IOException {
        Path file = Files.createDirectories(dir.resolve("features/http")).resolve("f.feature");
        Files.writeString(file, OUTLINE);

        assertThat(kept("@ServerPool", file, 10, "Http", "Slow")).isTrue();
        assertThat(kept("@ServerPool", file, 9, "Http", "Slow")).isFalse();
        assertThat(kept("@Http and @ServerVirtual and @CachedContent and @ClientVirtual", file, 11, "Http"))
                .isTrue();
        assertThat(kept("not @Slow", file, 10, "Http", "Slow")).isFalse();
        assertThat(RowTagFilter.effectiveTags(Set.of(TestTag.create("Http")),
                Optional.of(FileSource.from(file.toFile(), FilePosition.from(4)))))
                .as("a line that is no Examples row").containsExactly("@Http");
    }

    @Test
    void aRowIsNamedAsCucumberNamesItItsOutlinesNameWithTheRowsValues(@TempDir Path dir) throws IOException {
        Path file = Files.createDirectories(dir.resolve("features/gate")).resolve("g.feature");
        Files.writeString(file, OUTLINE + "\n  Scenario: plain <server>\n    Given the HTTP server runs \"single\"\n");

        assertThat(RowTags.scenarioName(file.toUri(), 9)).hasValue("s single");
        assertThat(RowTags.scenarioName(file.toUri(), 11)).hasValue("s virtual --cache-content");
        assertThat(RowTagFilter.scenarioName(Optional.of(FileSource.from(file.toFile(), FilePosition.from(10)))))
                .hasValue("s pool --pool-size 4");
        assertThat(RowTags.scenarioName(file.toUri(), 13)).as("a scenario's own name, <...> and all")
                .hasValue("plain <server>");
        assertThat(RowTags.scenarioName(file.toUri(), 4)).as("a step's line").isEmpty();
    }

    @Test
    void rowsOutsideTheEchoAndHttpFeaturesKeepTheirOwnTagsOnly(@TempDir Path dir) throws IOException {
        Path file = Files.createDirectories(dir.resolve("features/gate")).resolve("g.feature");
        Files.writeString(file, OUTLINE.replace("| single ", "| nonsense"));

        assertThat(RowTags.of(file.toUri(), 9)).isEmpty();
        assertThat(kept("@ServerSingle", file, 9, "Http")).isFalse();
    }

    private static boolean kept(String expression, Path file, int line, String... ownTags) {
        UniqueId id = UniqueId.forEngine("cucumber").append("feature", file.toString()).append("pickle", "" + line);
        AbstractTestDescriptor scenario = new AbstractTestDescriptor(id, "s",
                FileSource.from(file.toFile(), FilePosition.from(line))) {
            @Override
            public Type getType() {
                return Type.TEST;
            }

            @Override
            public Set<TestTag> getTags() {
                return Arrays.stream(ownTags).map(TestTag::create).collect(Collectors.toSet());
            }
        };
        return RowTagFilter.select(TagExpressionParser.parse(expression), expression, scenario).included();
    }
}
