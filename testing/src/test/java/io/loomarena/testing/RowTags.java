package io.loomarena.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.Examples;
import io.cucumber.messages.types.FeatureChild;
import io.cucumber.messages.types.GherkinDocument;
import io.cucumber.messages.types.Scenario;
import io.cucumber.messages.types.TableRow;
import io.loomarena.harness.http.FrameworkRow;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;

/**
 * The model tags an Examples row carries by its values, so that a scenario outline that runs on every model needs one
 * row per model, not one tagged Examples block per model (Gherkin tags whole blocks only): a {@code server} or
 * {@code model} column gives the server model's tag ({@code virtual} or {@code virtual --cache-content}:
 * {@code @ServerVirtual}), {@code --cache-content} in it adds {@code @CachedContent}, a {@code client} column gives
 * the client model's tag (in {@code features/echo/} and {@code features/http/}); a framework row's name
 * ({@code spring-boot-virtual}) gives {@code @Framework} and its framework's tag ({@code @FrameworkSpringBoot}). The words are {@link ServerModel}'s and {@link ClientModel}'s command-line names, so a new
 * model's tag needs no line here. {@link RowTagFilter} applies {@code -Dcucumber.filter.tags} to a scenario's own
 * tags plus these; Cucumber's own reports show the own tags only.
 * <p>A feature file is read once (by the class-path resource or file its scenarios come from), every row of it at
 * once: a row whose model word is unknown fails the whole run, naming {@code file:line} and the word.
 */
public final class RowTags {

    /** The columns whose value names a server model, and the one naming a client model. */
    static final Set<String> SERVER_COLUMNS = Set.of("server", "model");
    static final String CLIENT_COLUMN = "client";
    static final String CACHED_CONTENT_OPTION = "--cache-content";
    static final String CACHED_CONTENT_TAG = HttpSuite.CACHED_CONTENT;

    /**
     * The features whose rows carry their models' tags: the echo and HTTP ones, whose outlines run on every model. The
     * A/B gate's rows name models too but have never been selected by model tags (they need a baseline build and
     * are {@code @Gate @Slow}): {@code @ServerVirtual} must not start them.
     */
    private static final Pattern DERIVED_IN = Pattern.compile("(^|/)features/(echo|http)/[^/]+\\.feature$");

    /** Derived tags by Examples row line, per feature (by its URI or class-path name). */
    private static final Map<String, Map<Integer, Set<String>>> BY_FEATURE = new ConcurrentHashMap<>();
    /** Scenario names by the line of a scenario or Examples row, per feature (by its URI or class-path name). */
    private static final Map<String, Map<Integer, String>> NAMES = new ConcurrentHashMap<>();

    private RowTags() {
    }

    /** A row whose model word is not a model's: its message is one line, {@code file:line: why}. */
    public static final class UnknownModel extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnknownModel(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The tags derived from the Examples row at {@code line} of the feature at {@code uri} ({@code classpath:...} or
     * {@code file:...}, as Cucumber's {@code Scenario.getUri()}); empty for a line that is no Examples row.
     */
    public static Set<String> of(URI uri, int line) {
        if (!DERIVED_IN.matcher(name(uri)).find()) {
            return Set.of();
        }
        return BY_FEATURE.computeIfAbsent(cacheKey(uri), key -> rows(name(uri), read(uri)))
                .getOrDefault(line, Set.of());
    }

    /**
     * The name of the scenario at {@code line} of the feature at {@code uri}, as Cucumber names it and matches
     * {@code -Dcucumber.filter.name} against: a scenario's own name, or for an Examples row its outline's name with
     * each {@code <column>} replaced by the row's value; empty for a line that is neither.
     */
    public static Optional<String> scenarioName(URI uri, int line) {
        return Optional.ofNullable(NAMES.computeIfAbsent(cacheKey(uri), key -> names(name(uri), read(uri))).get(line));
    }

    /** One key per feature file, whichever form of URI Cucumber gave for it. */
    private static String cacheKey(URI uri) {
        return "classpath".equals(uri.getScheme()) ? uri.getSchemeSpecificPart() : uri.toString();
    }

    /** {@code own} tags (with {@code @}) and those derived from the row at {@code uri}:{@code line}, in that order. */
    public static Set<String> effective(Collection<String> own, URI uri, int line) {
        Set<String> tags = new LinkedHashSet<>(own);
        tags.addAll(of(uri, line));
        return tags;
    }

    /** The derived tags of every Examples row of one feature's text, by the row's line. */
    static Map<Integer, Set<String>> rows(String name, String text) {
        Map<Integer, Set<String>> byLine = new LinkedHashMap<>();
        for (Scenario scenario : scenarios(name, text)) {
            for (Examples examples : scenario.getExamples()) {
                examples.getTableHeader().ifPresent(header -> examples.getTableBody().forEach(row ->
                        byLine.put(row.getLocation().getLine().intValue(),
                                derive(name, row.getLocation().getLine().intValue(), header, row))));
            }
        }
        return Map.copyOf(byLine);
    }

    /** Every scenario and outline of one feature's text, those inside rules included. */
    private static List<Scenario> scenarios(String name, String text) {
        GherkinParser parser = GherkinParser.builder().includeSource(false).includeGherkinDocument(true)
                .includePickles(false).build();
        List<Envelope> envelopes;
        try (Stream<Envelope> parsed = parser.parse(name, text.getBytes(StandardCharsets.UTF_8))) {
            envelopes = parsed.toList();
        }
        List<Scenario> scenarios = new ArrayList<>();
        for (Envelope envelope : envelopes) {
            envelope.getGherkinDocument().flatMap(GherkinDocument::getFeature)
                    .ifPresent(feature -> scenarios.addAll(scenarios(feature.getChildren())));
        }
        return scenarios;
    }

    /** The scenario names of one feature's text, by the line of each scenario and Examples row. */
    static Map<Integer, String> names(String name, String text) {
        Map<Integer, String> byLine = new LinkedHashMap<>();
        for (Scenario scenario : scenarios(name, text)) {
            byLine.put(scenario.getLocation().getLine().intValue(), scenario.getName());
            for (Examples examples : scenario.getExamples()) {
                examples.getTableHeader().ifPresent(header -> examples.getTableBody().forEach(row -> {
                    // As Gherkin's pickle compiler does: each <column> of the name becomes the row's value.
                    String interpolated = scenario.getName();
                    for (int i = 0; i < header.getCells().size() && i < row.getCells().size(); i++) {
                        interpolated = interpolated.replace("<" + header.getCells().get(i).getValue() + ">",
                                row.getCells().get(i).getValue());
                    }
                    byLine.put(row.getLocation().getLine().intValue(), interpolated);
                }));
            }
        }
        return Map.copyOf(byLine);
    }

    /** The tags one row's values give; {@code where} and {@code line} only name it in an error. */
    static Set<String> derive(String where, int line, TableRow header, TableRow row) {
        Set<String> tags = new LinkedHashSet<>();
        for (int i = 0; i < header.getCells().size() && i < row.getCells().size(); i++) {
            String column = header.getCells().get(i).getValue().trim();
            String value = row.getCells().get(i).getValue().trim();
            tags.addAll(derive(column, value, where + ":" + line));
        }
        return Set.copyOf(tags);
    }

    /** The tags of one cell: a server model's (and {@code @CachedContent}), a client model's, or none. */
    static Set<String> derive(String column, String value, String where) {
        Set<String> tags = new LinkedHashSet<>();
        if (SERVER_COLUMNS.contains(column)) {
            List<String> words = List.of(value.split("\\s+"));
            Optional<FrameworkRow> framework = FrameworkRow.fromCliName(words.getFirst());
            if (framework.isPresent()) {
                // A framework row's own tags, never a model's: @ServerVirtual must not start a framework.
                tags.addAll(framework.get().tags());
                return tags;
            }
            tags.add(ServerModel.fromCliName(words.getFirst()).orElseThrow(() -> new UnknownModel(where + ": '"
                    + words.getFirst() + "' in column '" + column + "' is not a server model (one of: "
                    + ServerModel.allowed() + "; or a framework row: " + FrameworkRow.allowed() + ")")).tag());
            if (words.contains(CACHED_CONTENT_OPTION)) {
                tags.add(CACHED_CONTENT_TAG);
            }
        } else if (CLIENT_COLUMN.equals(column)) {
            tags.add(ClientModel.fromCliName(value).orElseThrow(() -> new UnknownModel(where + ": '" + value
                    + "' in column '" + column + "' is not a client model (one of: " + ClientModel.allowed()
                    + ")")).tag());
        }
        return tags;
    }

    private static List<Scenario> scenarios(List<FeatureChild> children) {
        List<Scenario> scenarios = new ArrayList<>();
        for (FeatureChild child : children) {
            child.getScenario().ifPresent(scenarios::add);
            child.getRule().ifPresent(rule -> rule.getChildren()
                    .forEach(ruleChild -> ruleChild.getScenario().ifPresent(scenarios::add)));
        }
        return scenarios;
    }

    /** How a failure names the feature: its class-path name ({@code features/echo/echo.feature}) or file. */
    private static String name(URI uri) {
        if ("classpath".equals(uri.getScheme())) {
            String path = uri.getSchemeSpecificPart();
            return path.startsWith("/") ? path.substring(1) : path;
        }
        return "file".equals(uri.getScheme()) ? Path.of(uri).toString() : uri.toString();
    }

    private static String read(URI uri) {
        try {
            if ("classpath".equals(uri.getScheme())) {
                try (InputStream in = RowTags.class.getClassLoader().getResourceAsStream(name(uri))) {
                    if (in == null) {
                        throw new UncheckedIOException(new IOException("no class-path resource " + name(uri)));
                    }
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
            return Files.readString(Path.of(uri));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + uri + " for its Examples rows' model tags", e);
        }
    }
}
