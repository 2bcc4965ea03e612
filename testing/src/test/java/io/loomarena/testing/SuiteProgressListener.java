package io.loomarena.testing;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

import io.cucumber.tagexpressions.Expression;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import io.loomarena.harness.SuiteProgress;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.http.HttpSuite;

/**
 * Tells {@link SuiteProgress} how many combinations of each suite this run selected, so that the console can say how
 * many are left and about how long they take: the tag filter is only known once JUnit has the test plan, which this
 * listener (registered in {@code META-INF/services}) sees before the first scenario runs. A combination is a scenario
 * tagged {@code @Performance} and with its suite's tag ({@code @HttpPing}, ...), or for echo {@code @Echo} and a
 * client model's tag (the idle-memory scenarios, also {@code @Echo @Performance}, have none).
 * <p>It also keeps the tags of every measuring scenario the run will execute ({@link #selectedTagSets}): its own and
 * its Examples row's model tags ({@link RowTags}), so that the first benchmark row of a suite can measure, interleaved,
 * every combination the run selects ({@link RowTagFilter} has already removed what the tag filter leaves out; line
 * filters are applied by discovery too; Cucumber's name filter, {@code -Dcucumber.filter.name}, only skips a scenario
 * when it is about to run, so it is applied here to the scenario's name).
 * <p>At the end of the run it prints one line saying how many scenarios the tag filter left out only because they
 * are {@code @Slow}, and how to run them: Surefire does not count what the filter leaves out.
 */
public final class SuiteProgressListener implements TestExecutionListener {

    private static final String SLOW = "@Slow";
    /** Cucumber's name filter (a regular expression), which Cucumber applies itself. */
    static final String NAME_FILTER = "cucumber.filter.name";
    /** The tags (with {@code @}) of every measuring scenario this run executes; empty before the plan is known. */
    private static final Set<Set<String>> SELECTED = ConcurrentHashMap.newKeySet();

    /** Scenarios of this run left out only for their {@code @Slow} tag; printed when the run ends. */
    private int skippedAsSlow;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        // RowTagFilter removed what the tag filter leaves out from the plan; the filter is applied here again, as
        // RowTagFilter does (own tags and the row's), so that this class counts right in a plan made without it.
        Expression filter = RowTagFilter.expression();
        Map<String, Integer> counts = new HashMap<>();
        SELECTED.clear();
        countTests(plan, plan.getRoots(), filter, nameFilter(plan.getConfigurationParameters().get(NAME_FILTER)),
                counts);
        skippedAsSlow = RowTagFilter.skippedAsSlow();
        counts.forEach(SuiteProgress.shared()::plan);
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        if (skippedAsSlow > 0) {
            System.out.println(slowLine(skippedAsSlow));
            System.out.flush();
        }
    }

    /**
     * The tag sets (each with {@code @}, as a scenario's own tags) of the measuring scenarios this run executes; empty
     * when the test plan was not seen (then each scenario measures only its own combination).
     */
    public static Set<Set<String>> selectedTagSets() {
        return Set.copyOf(SELECTED);
    }

    /** The line that explains Surefire's "Skipped" count. */
    static String slowLine(int skipped) {
        return "[SKIPPED] " + skipped + (skipped == 1 ? " scenario is" : " scenarios are") + " tagged " + SLOW
                + " (the long runs, left out by default): run them with -Dcucumber.filter.tags='" + SLOW
                + "', or for example '" + SLOW + " and @Echo'";
    }

    /**
     * Which scenario names {@code cucumber.filter.name} keeps, as Cucumber applies it (a regular expression found in
     * the name); everything when it is unset or blank, or malformed (Cucumber then fails the run with its own message).
     * Cucumber skips the scenarios it leaves out only when they are about to run, so they are still in the test plan.
     */
    static Predicate<String> nameFilter(Optional<String> expression) {
        if (expression.isEmpty() || expression.get().isBlank()) {
            return name -> true;
        }
        try {
            Pattern pattern = Pattern.compile(expression.get());
            return name -> pattern.matcher(name).find();
        } catch (PatternSyntaxException e) {
            return name -> true;
        }
    }

    /** Counts the selected combinations per suite into {@code counts}. */
    private static void countTests(TestPlan plan, Set<TestIdentifier> identifiers, Expression filter,
                                   Predicate<String> names, Map<String, Integer> counts) {
        for (TestIdentifier identifier : identifiers) {
            if (identifier.isTest()) {
                Set<String> cucumberTags = RowTagFilter.effectiveTags(identifier.getTags(), identifier.getSource());
                String suite = suiteOf(cucumberTags.stream().map(tag -> tag.substring(1)).collect(Collectors.toSet()));
                // A scenario whose name Cucumber will skip is not measured with the others either (its name is
                // looked up only for a measuring scenario the tags keep).
                if (suite != null && filter.evaluate(List.copyOf(cucumberTags))
                        && RowTagFilter.scenarioName(identifier.getSource()).map(names::test).orElse(true)) {
                    counts.merge(suite, 1, Integer::sum);
                    SELECTED.add(Set.copyOf(cucumberTags));
                }
            }
            countTests(plan, plan.getChildren(identifier), filter, names, counts);
        }
    }

    /** True when the filter leaves out a scenario with these tags, and would keep it if it were not {@code @Slow}. */
    static boolean skippedOnlyAsSlow(Expression filter, List<String> tags) {
        if (!tags.contains(SLOW) || filter.evaluate(tags)) {
            return false;
        }
        Set<String> withoutSlow = new HashSet<>(tags);
        withoutSlow.remove(SLOW);
        return filter.evaluate(List.copyOf(withoutSlow));
    }

    /** The suite a measuring scenario with these tags (without {@code @}) belongs to, or {@code null}. */
    static String suiteOf(Set<String> tags) {
        if (!tags.contains("Performance") || tags.contains("PerformanceSummary")) {
            return null;
        }
        if (tags.contains("Echo") && (tags.contains("ClientPlatform") || tags.contains("ClientVirtual"))) {
            return EchoBenchmarks.SUITE;
        }
        for (HttpSuite suite : HttpSuite.values()) {
            String cli = suite.cliName();
            if (tags.contains("Http" + cli.substring(0, 1).toUpperCase(Locale.ROOT) + cli.substring(1))) {
                return suite.folder();
            }
        }
        return null;
    }
}
