package io.loomarena.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Comment;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.Examples;
import io.cucumber.messages.types.Feature;
import io.cucumber.messages.types.GherkinDocument;
import io.cucumber.messages.types.Scenario;
import io.cucumber.messages.types.TableRow;
import io.cucumber.messages.types.Tag;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;

/**
 * Which models a feature's scenario outlines leave out without saying why. An outline whose Examples have a model
 * column ({@code server} or {@code model} for the server, {@code client} for the client, as {@link RowTags} reads
 * them) must list, over all its Examples blocks, every model that kind of server implements, or name the ones it
 * leaves out with a reason in a comment inside the outline (between its {@code Scenario Outline:} line and its last
 * row): {@code # without server netty: <reason>}, {@code # without server single, event-loop: <reason>},
 * {@code # without client platform: <reason>}. The kind of server is the scenario's area tag: {@code @Echo} or
 * {@code @Http} (on the feature, the rule or the outline); outlines of other areas are not read.
 */
final class ModelCoverage {

    /** {@code # without server netty, event-loop: why}: the kind, the models, the reason. */
    static final Pattern WITHOUT = Pattern.compile("^\\s*#\\s*without\\s+(server|client)\\s+([^:]+):(.*)$");
    private static final Set<String> SERVER_COLUMNS = RowTags.SERVER_COLUMNS;
    private static final String CLIENT_COLUMN = RowTags.CLIENT_COLUMN;

    private ModelCoverage() {
    }

    /**
     * The server models of an area's server. Echo: every model ({@code EchoServer.create} switches over all of them
     * with no default, so the compiler refuses a model without an echo server). HTTP: those with a stage
     * ({@link HttpServerSetup#everyModel()}); {@code netty} is Netty's own HTTP server, a reference measured in the
     * ping suite only, which an outline may list but need not.
     */
    static Set<String> serverModels(String area) {
        Set<String> models = new LinkedHashSet<>();
        switch (area) {
            case "@Echo" -> Stream.of(ServerModel.values()).forEach(model -> models.add(model.cliName()));
            case "@Http" -> HttpServerSetup.everyModel().forEach(setup -> models.add(setup.model().cliName()));
            default -> throw new IllegalArgumentException("no server for area " + area);
        }
        return models;
    }

    /** Every client model: both load clients implement each. */
    static Set<String> clientModels() {
        Set<String> models = new LinkedHashSet<>();
        Stream.of(ClientModel.values()).forEach(model -> models.add(model.cliName()));
        return models;
    }

    /** One line per gap or mistaken exemption in the feature {@code text}, named {@code name} in the lines. */
    static List<String> problems(String name, String text) {
        GherkinParser parser = GherkinParser.builder().includeSource(false).includeGherkinDocument(true)
                .includePickles(false).build();
        List<String> problems = new ArrayList<>();
        try (Stream<Envelope> parsed = parser.parse(name, text.getBytes(StandardCharsets.UTF_8))) {
            parsed.forEach(envelope -> envelope.getParseError().ifPresent(error ->
                    problems.add(name + ": cannot be parsed: " + error.getMessage())));
        }
        try (Stream<Envelope> parsed = parser.parse(name, text.getBytes(StandardCharsets.UTF_8))) {
            parsed.flatMap(envelope -> envelope.getGherkinDocument().stream())
                    .forEach(document -> problems.addAll(problems(name, document)));
        }
        return problems;
    }

    private static List<String> problems(String name, GherkinDocument document) {
        List<String> problems = new ArrayList<>();
        Feature feature = document.getFeature().orElse(null);
        if (feature == null) {
            return problems;
        }
        Set<String> featureTags = tags(feature.getTags());
        feature.getChildren().forEach(child -> {
            child.getScenario().ifPresent(outline -> problems.addAll(outline(name, document.getComments(),
                    featureTags, outline)));
            child.getRule().ifPresent(rule -> {
                Set<String> ruleTags = new LinkedHashSet<>(featureTags);
                ruleTags.addAll(tags(rule.getTags()));
                rule.getChildren().forEach(ruleChild -> ruleChild.getScenario().ifPresent(outline ->
                        problems.addAll(outline(name, document.getComments(), ruleTags, outline))));
            });
        });
        return problems;
    }

    /** The problems of one scenario (none unless it is an outline of an area with a model column). */
    private static List<String> outline(String name, List<Comment> comments, Set<String> inherited, Scenario scenario) {
        Set<String> tags = new LinkedHashSet<>(inherited);
        tags.addAll(tags(scenario.getTags()));
        String area = tags.contains("@Echo") ? "@Echo" : tags.contains("@Http") ? "@Http" : null;
        List<String> problems = new ArrayList<>();
        if (area == null || scenario.getExamples().isEmpty()) {
            return problems;
        }
        Map<String, Set<String>> listed = new LinkedHashMap<>(); // "server" or "client" -> the models its rows name
        int last = scenario.getLocation().getLine().intValue();
        for (Examples examples : scenario.getExamples()) {
            TableRow header = examples.getTableHeader().orElse(null);
            if (header == null) {
                continue;
            }
            for (TableRow row : examples.getTableBody()) {
                last = Math.max(last, row.getLocation().getLine().intValue());
                for (int i = 0; i < header.getCells().size() && i < row.getCells().size(); i++) {
                    String column = header.getCells().get(i).getValue().trim();
                    String kind = SERVER_COLUMNS.contains(column) ? "server"
                            : CLIENT_COLUMN.equals(column) ? "client" : null;
                    if (kind != null) {
                        listed.computeIfAbsent(kind, k -> new LinkedHashSet<>())
                                .add(row.getCells().get(i).getValue().trim().split("\\s+")[0]);
                    }
                }
            }
        }
        String where = name + ":" + scenario.getLocation().getLine() + " '" + scenario.getName() + "'";
        Map<String, Set<String>> without = new LinkedHashMap<>();
        int first = scenario.getLocation().getLine().intValue();
        for (Comment comment : comments) {
            int line = comment.getLocation().getLine().intValue();
            Matcher matcher = WITHOUT.matcher(comment.getText());
            if (line <= first || line > last || !matcher.matches()) {
                continue;
            }
            if (matcher.group(3).isBlank()) {
                problems.add(name + ":" + line + ": '# without " + matcher.group(1) + " " + matcher.group(2).trim()
                        + ":' gives no reason after the colon");
            }
            for (String model : matcher.group(2).split(",")) {
                without.computeIfAbsent(matcher.group(1), k -> new LinkedHashSet<>()).add(model.trim());
            }
        }
        for (String kind : List.of("server", "client")) {
            Set<String> implemented = kind.equals("server") ? serverModels(area) : clientModels();
            Set<String> rows = listed.getOrDefault(kind, Set.of());
            Set<String> excused = without.getOrDefault(kind, Set.of());
            for (String model : excused) {
                if (!implemented.contains(model)) {
                    problems.add(where + ": '# without " + kind + " " + model + "' names no " + kind
                            + " model of " + area + " (one of: " + String.join(", ", implemented) + ")");
                } else if (rows.contains(model)) {
                    problems.add(where + ": '# without " + kind + " " + model + "' but a row runs " + model);
                }
            }
            if (rows.isEmpty()) {
                continue; // no such column
            }
            List<String> missing = implemented.stream().filter(m -> !rows.contains(m) && !excused.contains(m))
                    .toList();
            if (!missing.isEmpty()) {
                problems.add(where + ": the " + kind + " models " + missing + " have no row; add their rows, or say"
                        + " why inside the outline: '# without " + kind + " " + String.join(", ", missing)
                        + ": <reason>'");
            }
        }
        return problems;
    }

    private static Set<String> tags(List<Tag> tags) {
        Set<String> names = new LinkedHashSet<>();
        tags.forEach(tag -> names.add(tag.getName()));
        return names;
    }
}
