package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.cucumber.cucumberexpressions.Expression;
import io.cucumber.cucumberexpressions.ExpressionFactory;
import io.cucumber.cucumberexpressions.ParameterTypeRegistry;
import io.cucumber.gherkin.GherkinParser;
import io.cucumber.java.en.And;
import io.cucumber.java.en.But;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.PickleStep;

/**
 * Fails on glue that no feature line uses: every step definition under {@code io.loomarena.testing} must match at
 * least one step of every scenario in {@code features/}, {@code @Slow} ones and every outline example included.
 * Cucumber's {@code unused} plugin only reports, and only for the scenarios a run selected; this reads every feature
 * whatever the tag filter, and takes well under a second.
 */
class UnusedStepsTest {

    private static final List<Class<? extends Annotation>> STEP_ANNOTATIONS =
            List.of(Given.class, When.class, Then.class, And.class, But.class);

    /** One step definition: its pattern and the method that holds it. */
    record StepDefinition(String pattern, Expression expression, String method) {
    }

    @Test
    void everyStepDefinitionIsUsedByAFeatureLine() throws Exception {
        Path testClasses = Path.of(UnusedStepsTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> stepTexts = stepTexts(testClasses.resolve("features"));
        List<StepDefinition> definitions = stepDefinitions(testClasses);
        assertThat(stepTexts).as("feature steps read").hasSizeGreaterThan(100);
        assertThat(definitions).as("step definitions found").hasSizeGreaterThan(50);

        List<String> unused = definitions.stream()
                .filter(definition -> stepTexts.stream().noneMatch(text -> definition.expression().match(text) != null))
                .map(definition -> definition.method() + " \"" + definition.pattern() + "\"")
                .sorted().toList();
        assertThat(unused).as("step definitions that no line of features/ uses (delete them, or use them)").isEmpty();
    }

    /** The text of every step of every pickle (outline examples expanded), from every feature file. */
    private static List<String> stepTexts(Path features) throws IOException {
        GherkinParser parser = GherkinParser.builder().includeSource(false).includeGherkinDocument(false)
                .includePickles(true).build();
        List<String> texts = new ArrayList<>();
        try (Stream<Path> files = Files.walk(features)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".feature")).sorted().toList()) {
                try (Stream<Envelope> envelopes = parser.parse(file)) {
                    envelopes.forEach(envelope -> {
                        envelope.getParseError().ifPresent(error -> {
                            throw new IllegalStateException(file + ": " + error.getMessage());
                        });
                        envelope.getPickle().ifPresent(pickle -> pickle.getSteps().stream()
                                .map(PickleStep::getText).forEach(texts::add));
                    });
                }
            }
        }
        return texts;
    }

    /** Every {@code @Given}/{@code @When}/{@code @Then} method of the glue package found under {@code testClasses}. */
    private static List<StepDefinition> stepDefinitions(Path testClasses) throws IOException {
        ExpressionFactory expressions = new ExpressionFactory(new ParameterTypeRegistry(Locale.ENGLISH));
        Path glue = testClasses.resolve(RunCucumberTest.class.getPackageName().replace('.', '/'));
        List<StepDefinition> definitions = new ArrayList<>();
        try (Stream<Path> files = Files.walk(glue)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String name = testClasses.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                for (Method method : load(name).getDeclaredMethods()) {
                    for (Class<? extends Annotation> type : STEP_ANNOTATIONS) {
                        Annotation annotation = method.getAnnotation(type);
                        if (annotation != null) {
                            String pattern = pattern(annotation);
                            definitions.add(new StepDefinition(pattern, expressions.createExpression(pattern),
                                    method.getDeclaringClass().getSimpleName() + "." + method.getName()));
                        }
                    }
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return definitions;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, UnusedStepsTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("cannot load glue class " + name, e);
        }
    }

    private static String pattern(Annotation annotation) {
        try {
            return (String) annotation.annotationType().getMethod("value").invoke(annotation);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("a step annotation without value(): " + annotation, e);
        }
    }
}
