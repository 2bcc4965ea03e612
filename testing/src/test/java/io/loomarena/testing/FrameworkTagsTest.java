package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.GherkinDocument;
import io.cucumber.messages.types.Pickle;
import io.cucumber.messages.types.PickleTag;
import io.cucumber.messages.types.Scenario;
import io.cucumber.tagexpressions.Expression;
import io.cucumber.tagexpressions.TagExpressionParser;
import io.loomarena.harness.http.FrameworkRow;

/**
 * The default build never starts a framework: every scenario and Examples row that names a framework row carries
 * {@code @Framework} (its own tags plus those its row gives, {@link RowTags}), the default filter of
 * {@code junit-platform.properties} leaves every one of them out, and {@code -Dcucumber.filter.tags='@Framework'}
 * selects each framework row's scenarios.
 */
class FrameworkTagsTest {

    @Test
    void theDefaultFilterLeavesOutEveryFrameworkScenarioAndFrameworkSelectsThem() throws Exception {
        Expression byDefault = TagExpressionParser.parse(defaultFilter());
        Expression frameworks = TagExpressionParser.parse(FrameworkRow.TAG);
        List<Set<String>> all = scenarioTags();
        List<Set<String>> naming = all.stream().filter(tags -> tags.contains(FrameworkRow.TAG)).toList();

        assertThat(naming).as("framework scenarios found").hasSizeGreaterThan(30);
        assertThat(naming).noneMatch(tags -> byDefault.evaluate(List.copyOf(tags)));
        assertThat(all).filteredOn(tags -> tags.stream().anyMatch(tag -> tag.startsWith("@FrameworkSpringBoot")
                || tag.startsWith("@FrameworkHelidon") || tag.startsWith("@FrameworkJetty")))
                .allMatch(tags -> frameworks.evaluate(List.copyOf(tags)));
        for (FrameworkRow row : FrameworkRow.values()) {
            assertThat(naming).as(row.cliName()).anyMatch(tags -> tags.contains(row.framework().tag()));
        }
    }

    private static String defaultFilter() throws Exception {
        Properties properties = new Properties();
        try (InputStream in = FrameworkTagsTest.class.getResourceAsStream("/junit-platform.properties")) {
            properties.load(in);
        }
        return properties.getProperty(OldModelTags.PROPERTY);
    }

    /** Every pickle's tags under {@code features/}: its own and those its Examples row gives. */
    private static List<Set<String>> scenarioTags() throws Exception {
        Path features = Path.of(FrameworkTagsTest.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("features");
        GherkinParser parser = GherkinParser.builder().includeSource(false).includeGherkinDocument(true)
                .includePickles(true).build();
        List<Set<String>> tags = new ArrayList<>();
        try (Stream<Path> files = Files.walk(features)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".feature")).sorted().toList()) {
                List<Envelope> envelopes;
                try (Stream<Envelope> parsed = parser.parse(file)) {
                    envelopes = parsed.toList();
                }
                Map<String, Integer> rowLines = new HashMap<>();
                envelopes.forEach(envelope -> envelope.getGherkinDocument().flatMap(GherkinDocument::getFeature)
                        .ifPresent(feature -> feature.getChildren().forEach(child -> {
                            child.getScenario().ifPresent(s -> lines(s, rowLines));
                            child.getRule().ifPresent(rule -> rule.getChildren().forEach(ruleChild -> ruleChild
                                    .getScenario().ifPresent(s -> lines(s, rowLines))));
                        })));
                for (Envelope envelope : envelopes) {
                    if (envelope.getPickle().isPresent()) {
                        Pickle pickle = envelope.getPickle().get();
                        Set<String> own = new LinkedHashSet<>(pickle.getTags().stream().map(PickleTag::getName)
                                .toList());
                        own.addAll(RowTags.of(file.toUri(), rowLines.getOrDefault(pickle.getAstNodeIds().getLast(),
                                0)));
                        tags.add(own);
                    }
                }
            }
        }
        return tags;
    }

    private static void lines(Scenario scenario, Map<String, Integer> rowLines) {
        scenario.getExamples().forEach(examples -> examples.getTableBody()
                .forEach(row -> rowLines.put(row.getId(), row.getLocation().getLine().intValue())));
    }
}
