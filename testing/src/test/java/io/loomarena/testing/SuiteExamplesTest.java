package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.GherkinDocument;
import io.cucumber.messages.types.Pickle;
import io.cucumber.messages.types.PickleStep;
import io.cucumber.messages.types.PickleTag;
import io.cucumber.messages.types.Scenario;
import io.loomarena.harness.echo.EchoSuite;
import io.loomarena.harness.http.FrameworkRow;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;

/**
 * Holds the benchmark features' Examples to their suite's one list of combinations ({@link EchoSuite#combinations()},
 * {@link HttpSuite#combinations()}): every benchmark outline, in its quick and in its {@code @Full} sizes, lists each
 * combination of its suite once at least and no other, and each row carries exactly its models' tags
 * ({@code @ServerPool @ClientVirtual}, {@code @CachedContent} for cached content), its own and those its values give
 * ({@link RowTags}), so that one combination can be run by its tags and no block tag names another model. A failure
 * names the missing or extra combination and where.
 */
class SuiteExamplesTest {

    private static final Pattern ECHO_GIVEN = Pattern.compile("an echo benchmark workload of ");
    private static final Pattern HTTP_GIVEN = Pattern.compile("the HTTP (\\w+) suite ");
    private static final Pattern ECHO_WHEN =
            Pattern.compile("the echo benchmark runs the (\\S+) server against the (\\S+) client in fresh JVMs");
    private static final Pattern HTTP_WHEN = Pattern.compile("\"(.+)\" is measured against the (\\S+) client");

    /** One Examples row of a benchmark outline, as its suite names it. */
    record Row(String group, List<String> combinations, String combination, Set<String> wantedTags,
               Set<String> tags) {
    }

    @Test
    void everyBenchmarkOutlineListsExactlyItsSuitesCombinationsWithTheirModelTags() throws Exception {
        Path testClasses = Path.of(SuiteExamplesTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path features = testClasses.resolve("features");
        assertThat(rows(features)).as("benchmark Examples rows read").hasSizeGreaterThan(50);
        assertThat(disagreements(features)).as("benchmark Examples that disagree with their suite's list").isEmpty();
    }

    @Test
    void aMissingAnExtraAndAMistaggedCombinationAreNamed(@TempDir Path dir) throws IOException {
        StringBuilder feature = new StringBuilder("""
                Feature: data
                  @ClientVirtual
                  Scenario Outline: data <server>
                    Given the HTTP data suite ramps up 2 users over 5 ms, each sending one request to "/data.json"
                    When "<server>" is measured against the virtual client

                    Examples:
                      | server |
                """);
        // The suite's own list, with its default pool swapped for a pool of 4: whatever models the list holds. The
        // rows carry their models' tags (RowTags); the virtual row's block says it is a pool's.
        List<String> servers = HttpSuite.DATA.combinations().stream().map(entry -> entry.server().toString())
                .map(server -> server.equals("pool --pool-size 100") ? "pool --pool-size 4" : server).toList();
        servers.stream().filter(server -> !server.equals("virtual"))
                .forEach(server -> feature.append("      | ").append(server).append(" |\n"));
        feature.append("\n    @ServerPool\n    Examples:\n      | server |\n      | virtual |\n");
        Path features = Files.createDirectories(dir.resolve("features/http"));
        Files.writeString(features.resolve("data.feature"), feature);

        assertThat(disagreements(dir.resolve("features"))).containsExactly(
                "http/data.feature, 'data <server>' (quick): missing pool --pool-size 100 against the virtual client",
                "http/data.feature, 'data <server>' (quick): extra pool --pool-size 4 against the virtual client",
                "http/data.feature, 'data <server>' (quick): virtual against the virtual client is tagged"
                        + " [@ClientVirtual, @ServerPool, @ServerVirtual] but needs [@ServerVirtual, @ClientVirtual]");
    }

    /** Every disagreement between the outlines under {@code features} and their suites' lists, one line each. */
    static List<String> disagreements(Path features) throws IOException {
        Map<String, List<Row>> groups = new TreeMap<>();
        for (Row row : rows(features)) {
            groups.computeIfAbsent(row.group(), key -> new ArrayList<>()).add(row);
        }
        List<String> problems = new ArrayList<>();
        groups.forEach((group, rows) -> {
            Set<String> found = new LinkedHashSet<>();
            rows.forEach(row -> found.add(row.combination()));
            rows.getFirst().combinations().stream().filter(c -> !found.contains(c))
                    .forEach(c -> problems.add(group + ": missing " + c));
            found.stream().filter(c -> !rows.getFirst().combinations().contains(c))
                    .forEach(c -> problems.add(group + ": extra " + c));
            rows.stream().filter(row -> !modelTags(row.tags()).equals(row.wantedTags()))
                    .forEach(row -> problems.add(group + ": " + row.combination() + " is tagged " + modelTags(row.tags())
                            + " but needs " + row.wantedTags()));
        });
        return problems;
    }

    /** The tags that name a model: a server's, a client's, {@code @CachedContent}, a framework row's. */
    private static Set<String> modelTags(Set<String> tags) {
        Set<String> models = new LinkedHashSet<>();
        tags.stream().filter(tag -> tag.startsWith("@Server") || tag.startsWith("@Client")
                || tag.equals(RowTags.CACHED_CONTENT_TAG) || tag.startsWith(FrameworkRow.TAG)).forEach(models::add);
        return models;
    }

    private static List<Row> rows(Path features) throws IOException {
        GherkinParser parser = GherkinParser.builder().includeSource(false).includeGherkinDocument(true)
                .includePickles(true).build();
        List<Row> rows = new ArrayList<>();
        try (Stream<Path> files = Files.walk(features)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".feature")).sorted().toList()) {
                List<Envelope> envelopes;
                try (Stream<Envelope> parsed = parser.parse(file)) {
                    envelopes = parsed.toList();
                }
                Map<String, String> outlines = new TreeMap<>();
                Map<String, Integer> rowLines = new TreeMap<>();
                envelopes.forEach(envelope -> envelope.getGherkinDocument().flatMap(GherkinDocument::getFeature)
                        .ifPresent(feature -> feature.getChildren().forEach(child -> {
                            child.getScenario().ifPresent(s -> outline(s, outlines, rowLines));
                            child.getRule().ifPresent(rule -> rule.getChildren().forEach(ruleChild -> ruleChild
                                    .getScenario().ifPresent(s -> outline(s, outlines, rowLines))));
                        })));
                String name = features.relativize(file).toString();
                envelopes.forEach(envelope -> envelope.getPickle()
                        .flatMap(pickle -> row(name + ", '" + outlines.get(pickle.getAstNodeIds().getFirst()) + "'",
                                pickle, RowTags.of(file.toUri(), rowLines.getOrDefault(pickle.getAstNodeIds()
                                        .getLast(), 0))))
                        .ifPresent(rows::add));
            }
        }
        return rows;
    }

    private static void outline(Scenario scenario, Map<String, String> outlines, Map<String, Integer> rowLines) {
        outlines.put(scenario.getId(), scenario.getName());
        scenario.getExamples().forEach(examples -> examples.getTableBody()
                .forEach(row -> rowLines.put(row.getId(), row.getLocation().getLine().intValue())));
    }

    /**
     * The row of a benchmark outline's pickle, with its own tags and those its row's values give
     * ({@code rowTags}); empty for any other scenario.
     */
    private static Optional<Row> row(String outline, Pickle pickle, Set<String> rowTags) {
        List<String> steps = pickle.getSteps().stream().map(PickleStep::getText).toList();
        Set<String> tags = new LinkedHashSet<>(pickle.getTags().stream().map(PickleTag::getName).toList());
        tags.addAll(rowTags);
        String group = outline + " (" + (tags.contains("@Full") ? "full" : "quick") + ")";
        Optional<Matcher> echo = find(steps, ECHO_WHEN);
        if (find(steps, ECHO_GIVEN).isPresent() && echo.isPresent()) {
            EchoSuite.Entry entry = new EchoSuite.Entry(ServerModel.named(echo.get().group(1)),
                    ClientModel.parse(echo.get().group(2)));
            return Optional.of(new Row(group, EchoSuite.ECHO.combinations().stream().map(Object::toString).toList(),
                    entry.toString(), Set.of(entry.server().tag(), entry.client().tag()), tags));
        }
        Optional<Matcher> suite = find(steps, HTTP_GIVEN);
        Optional<Matcher> http = find(steps, HTTP_WHEN);
        if (suite.isPresent() && http.isPresent()) {
            HttpSuite.Entry entry = new HttpSuite.Entry(HttpServerSetup.parse(http.get().group(1)),
                    ClientModel.parse(http.get().group(2)));
            Set<String> wanted = entry.tags();
            return Optional.of(new Row(group, HttpSuite.of(suite.get().group(1)).combinations().stream()
                    .map(Object::toString).toList(), entry.toString(), wanted, tags));
        }
        return Optional.empty();
    }

    private static Optional<Matcher> find(List<String> steps, Pattern pattern) {
        return steps.stream().map(pattern::matcher).filter(Matcher::find).findFirst();
    }
}
