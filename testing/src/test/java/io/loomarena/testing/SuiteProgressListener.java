package io.loomarena.testing;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import io.cucumber.tagexpressions.Expression;
import io.cucumber.tagexpressions.TagExpressionParser;
import org.junit.platform.engine.TestTag;
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
 * <p>It also keeps the tags of every measuring scenario the run will execute ({@link #selectedTagSets}), so that the
 * first benchmark row of a suite can measure, interleaved, every combination the run selects (name and line filters
 * are applied by discovery, so the plan holds only what they keep; the tag filter is applied here as Cucumber does).
 * <p>At the end of the run it prints one line saying how many scenarios the tag filter left out only because they
 * are {@code @Slow}, and how to run them: Surefire counts them as "Skipped" without saying why.
 */
public final class SuiteProgressListener implements TestExecutionListener {

    private static final String TAG_FILTER = "cucumber.filter.tags";
    private static final String SLOW = "@Slow";
    /** The tags (with {@code @}) of every measuring scenario this run executes; empty before the plan is known. */
    private static final Set<Set<String>> SELECTED = ConcurrentHashMap.newKeySet();

    /** Scenarios of this run left out only for their {@code @Slow} tag; printed when the run ends. */
    private int skippedAsSlow;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        // The Cucumber engine discovers every scenario and skips those the tag filter leaves out when it runs them,
        // so the filter (from -Dcucumber.filter.tags or junit-platform.properties) is applied here too.
        Expression filter;
        try {
            filter = plan.getConfigurationParameters().get(TAG_FILTER).map(TagExpressionParser::parse)
                    .orElse(tags -> true);
        } catch (RuntimeException e) {
            return; // Cucumber itself reports a malformed tag expression; the progress lines then only count
        }
        Map<String, Integer> counts = new HashMap<>();
        SELECTED.clear();
        skippedAsSlow = countTests(plan, plan.getRoots(), filter, counts);
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

    /** Counts the selected combinations per suite into {@code counts}; returns how many scenarios are skipped as slow. */
    private static int countTests(TestPlan plan, Set<TestIdentifier> identifiers, Expression filter,
                                  Map<String, Integer> counts) {
        int slow = 0;
        for (TestIdentifier identifier : identifiers) {
            if (identifier.isTest()) {
                Set<String> tags = identifier.getTags().stream().map(TestTag::getName).collect(Collectors.toSet());
                List<String> cucumberTags = tags.stream().map(tag -> "@" + tag).toList();
                String suite = suiteOf(tags);
                if (suite != null && filter.evaluate(cucumberTags)) {
                    counts.merge(suite, 1, Integer::sum);
                    SELECTED.add(Set.copyOf(cucumberTags));
                }
                if (skippedOnlyAsSlow(filter, cucumberTags)) {
                    slow++;
                }
            }
            slow += countTests(plan, plan.getChildren(identifier), filter, counts);
        }
        return slow;
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
