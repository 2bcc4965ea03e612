package io.loomarena.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.PickleTag;
import io.cucumber.messages.types.Scenario;
import io.cucumber.tagexpressions.Expression;
import io.cucumber.tagexpressions.TagExpressionException;
import io.cucumber.tagexpressions.TagExpressionParser;
import io.loomarena.harness.options.RunProperty;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;

/**
 * What a document may name, read from where each thing is defined, and the names in a document's text that are none
 * of them: a model ({@code --model turbo}, {@code TURBO_SERVER}, "the {@code turbo} server"), a tag ({@code @Turbo}),
 * a run property ({@code -Dloomarena.turbo}), a script ({@code bench/turbo.sh}), a Maven profile
 * ({@code ./mvnw -Pturbo}), or a {@code -Dcucumber.filter.tags='...'} example that selects no scenario. Immutable.
 *
 * @param tags      every tag a scenario carries (written, or derived from its Examples row), and the old tags still
 *                  rewritten ({@link OldModelTags})
 * @param scenarios each scenario's tags, as a filter sees them
 * @param profiles  the Maven profiles of every pom
 * @param root      the repository, for scripts
 */
record DocReferences(Set<String> tags, List<Set<String>> scenarios, Set<String> profiles, Path root) {

    private static final Pattern MODEL_OPTION = Pattern.compile("--(model|client|stage)[ =]([a-z][a-z0-9-]*)");
    private static final Pattern LABEL = Pattern.compile("\\b([A-Z][A-Z0-9_]*?)(_CACHED)?_(SERVER|CLIENT)\\b");
    private static final Pattern NAMED_MODEL =
            Pattern.compile("`([a-z][a-z0-9-]*)` (server|client|model)s?\\b");
    /** A tag, not an e-mail or {@code user@host}: nothing word-like right before the {@code @}. */
    private static final Pattern TAG = Pattern.compile("(?<![\\w.@/])@[A-Z][A-Za-z0-9]*");
    private static final Pattern PROPERTY = Pattern.compile("(?:(?<=-D)|(?<![\\w.]))loomarena\\.[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]");
    private static final Pattern SCRIPT = Pattern.compile("(?<![\\w/.-])(bench/[A-Za-z0-9_.-]+|\\.ci/run)");
    private static final Pattern PROFILE = Pattern.compile("(?:\\./mvnw|mvn)\\b[^\\n`]*?\\s-P([A-Za-z0-9_,-]+)");
    private static final Pattern FILTER = Pattern.compile("cucumber\\.filter\\.tags=(?:'([^'\\n]*)'|\"([^\"\\n]*)\")");
    /** A tag expression in backticks, as prose gives one: {@code `@HttpPing and @ServerVirtual and not @Full`}. */
    private static final Pattern EXPRESSION =
            Pattern.compile("`((?:\\(|\\)|\\s|@[A-Za-z0-9]+|and|or|not)*\\b(?:and|or|not)\\b(?:\\(|\\)|\\s|@[A-Za-z0-9]+|and|or|not)*)`");

    /** Reads what may be named from {@code root}'s features, poms and the code's registries. */
    static DocReferences of(Path root) throws IOException {
        List<Set<String>> scenarios = scenarios(root.resolve("features"));
        Set<String> tags = new LinkedHashSet<>();
        scenarios.forEach(tags::addAll);
        tags.addAll(OldModelTags.oldTags());
        Set<String> profiles = new LinkedHashSet<>();
        try (Stream<Path> poms = Files.walk(root, 2)) {
            for (Path pom : poms.filter(p -> p.getFileName().toString().equals("pom.xml")).toList()) {
                Matcher matcher = Pattern.compile("<profile>(?:(?!</profile>)[\\s\\S])*?<id>([^<]+)</id>").matcher(Files.readString(pom));
                while (matcher.find()) {
                    profiles.add(matcher.group(1).trim());
                }
            }
        }
        return new DocReferences(Set.copyOf(tags), List.copyOf(scenarios), Set.copyOf(profiles), root);
    }

    /** One line per name in {@code text} (the document {@code name}) that names nothing, {@code name:line: why}. */
    List<String> problems(String name, String text) {
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String where = name + ":" + (i + 1) + ": ";
            String line = lines[i];
            each(MODEL_OPTION, line, m -> !isModel(m.group(2), m.group(1).equals("client") ? "client" : "any"),
                    m -> problems.add(where + "'" + m.group() + "' names no model (" + ServerModel.allowed() + "; "
                            + ClientModel.allowed() + ")"));
            each(LABEL, line, m -> !isLabel(m.group(1), m.group(3)),
                    m -> problems.add(where + "'" + m.group() + "' is no model's label"));
            each(NAMED_MODEL, line, m -> !isModel(m.group(1), m.group(2).equals("client") ? "client" : "any"),
                    m -> problems.add(where + "'" + m.group() + "' names no model"));
            each(TAG, line, m -> !tags.contains(m.group()),
                    m -> problems.add(where + m.group() + " is no scenario's tag"));
            each(PROPERTY, line, m -> RunProperty.named(m.group()).isEmpty(),
                    m -> problems.add(where + m.group() + " is no run property (RunProperty)"));
            each(SCRIPT, line, m -> !Files.exists(root.resolve(m.group(1))),
                    m -> problems.add(where + m.group(1) + " does not exist"));
            each(PROFILE, line, m -> !Stream.of(m.group(1).split(",")).allMatch(profiles::contains),
                    m -> problems.add(where + "-P" + m.group(1) + " is no Maven profile (" + profiles + ")"));
            // An expression without a tag ('...') is a placeholder in a sentence, not an example to run.
            each(FILTER, line, m -> (m.group(1) != null ? m.group(1) : m.group(2)).contains("@"), m -> filter(m.group(1) != null ? m.group(1) : m.group(2))
                    .ifPresent(why -> problems.add(where + why)));
            // "Say `and not @Slow`": a part to add to an expression, not one.
            each(EXPRESSION, line, m -> m.group(1).contains("@") && !m.group(1).strip().matches("(and|or)\\b.*"),
                    m -> filter(m.group(1))
                    .ifPresent(why -> problems.add(where + why)));
        }
        return problems;
    }

    /** Why the filter {@code expression} is wrong (unparsable, or selecting no scenario), if it is. */
    java.util.Optional<String> filter(String expression) {
        String rewritten = OldModelTags.rewrite(expression).orElse(expression);
        Expression parsed;
        try {
            parsed = TagExpressionParser.parse(rewritten);
        } catch (TagExpressionException e) {
            return java.util.Optional.of("'" + expression + "' is no tag expression: " + e.getMessage());
        }
        if (scenarios.stream().noneMatch(tags -> parsed.evaluate(List.copyOf(tags)))) {
            return java.util.Optional.of("'" + expression + "' selects no scenario");
        }
        return java.util.Optional.empty();
    }

    private static void each(Pattern pattern, String line, Predicate<Matcher> wrong,
                             java.util.function.Consumer<Matcher> report) {
        Matcher matcher = pattern.matcher(line);
        while (matcher.find()) {
            if (wrong.test(matcher)) {
                report.accept(matcher);
            }
        }
    }

    /** A server or client model's command-line name, or an old server name; {@code kind} "client" or "any". */
    private static boolean isModel(String word, String kind) {
        boolean client = ClientModel.fromCliName(word).isPresent();
        if (kind.equals("client")) {
            return client;
        }
        return client || ServerModel.fromCliName(word).isPresent() || isOldName(word);
    }

    private static boolean isOldName(String word) {
        try {
            return ServerModel.parse(word).alias().isPresent();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * {@code VIRTUAL}, {@code POOL_4}, {@code POOL_2XCPU}, a framework row's {@code SPRING_BOOT_PLATFORM_4} before
     * {@code _SERVER}; a client's name before {@code _CLIENT}.
     */
    private static boolean isLabel(String prefix, String side) {
        if (prefix.length() == 1) {
            return true; // A_SERVER, X_CLIENT: a placeholder in an explanation
        }
        if (side.equals("CLIENT")) {
            return Stream.of(ClientModel.values()).anyMatch(model -> model.name().equals(prefix));
        }
        return Stream.of(ServerModel.values()).anyMatch(model -> prefix.equals(model.name())
                || model.hasPool() && prefix.matches(model.name() + "_[0-9]+(XCPU)?"))
                || Stream.of(io.loomarena.harness.http.FrameworkRow.values()).anyMatch(row -> prefix.equals(row.name())
                || row.takesPoolSize() && prefix.matches(row.name() + "_[0-9]+(XCPU)?"));
    }

    /** Every scenario's tags as a filter sees them: its written tags and its Examples row's model tags. */
    static List<Set<String>> scenarios(Path features) throws IOException {
        GherkinParser parser = GherkinParser.builder().includeSource(false).includeGherkinDocument(true)
                .includePickles(true).build();
        List<Set<String>> scenarios = new ArrayList<>();
        try (Stream<Path> files = Files.walk(features)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".feature")).sorted().toList()) {
                List<Envelope> envelopes;
                try (Stream<Envelope> parsed = parser.parse(file)) {
                    envelopes = parsed.toList();
                }
                Map<String, Integer> rowLines = new TreeMap<>();
                envelopes.forEach(envelope -> envelope.getGherkinDocument().flatMap(d -> d.getFeature())
                        .ifPresent(feature -> feature.getChildren().forEach(child -> {
                            child.getScenario().ifPresent(s -> rows(s, rowLines));
                            child.getRule().ifPresent(rule -> rule.getChildren().forEach(ruleChild -> ruleChild
                                    .getScenario().ifPresent(s -> rows(s, rowLines))));
                        })));
                envelopes.forEach(envelope -> envelope.getPickle().ifPresent(pickle -> {
                    Set<String> tags = new LinkedHashSet<>(pickle.getTags().stream().map(PickleTag::getName).toList());
                    Integer row = rowLines.get(pickle.getAstNodeIds().getLast());
                    if (row != null) {
                        tags.addAll(RowTags.of(file.toUri(), row));
                    }
                    scenarios.add(Set.copyOf(tags));
                }));
            }
        }
        return scenarios;
    }

    private static void rows(Scenario scenario, Map<String, Integer> rowLines) {
        scenario.getExamples().forEach(examples -> examples.getTableBody()
                .forEach(row -> rowLines.put(row.getId(), row.getLocation().getLine().intValue())));
    }
}
