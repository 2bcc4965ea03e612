package io.loomarena.testing;

import java.net.URI;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.cucumber.tagexpressions.Expression;
import io.cucumber.tagexpressions.TagExpressionException;
import io.cucumber.tagexpressions.TagExpressionParser;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.ClasspathResourceSource;
import org.junit.platform.engine.support.descriptor.FilePosition;
import org.junit.platform.engine.support.descriptor.FileSource;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;

/**
 * Applies {@code cucumber.filter.tags} to each scenario's own tags plus the model tags of its Examples row
 * ({@link RowTags}), so that an outline lists its models as rows of one table and {@code @ServerVirtual} still
 * selects the virtual rows. Cucumber (7.34) would apply the filter to the own tags only, when it runs a scenario; so
 * when discovery starts this class takes the expression over (from {@code -Dcucumber.filter.tags}, after
 * {@link OldModelTags} rewrote old tags, or else junit-platform.properties' {@code not @Slow}), leaves Cucumber an
 * empty one (which keeps everything), and after discovery removes every scenario the expression does not keep: the
 * test plan, the listeners ({@link SuiteProgressListener}) and Surefire see the selected scenarios only, and what the
 * filter left out is not reported as skipped. {@code cucumber.filter.name} stays Cucumber's.
 * <p>Registered in {@code META-INF/services} twice, as a discovery listener and as a post-discovery filter (JUnit
 * makes two instances): the expression is therefore kept here, static, for the one test JVM.
 */
public final class RowTagFilter implements LauncherDiscoveryListener, PostDiscoveryFilter {

    private static final Expression EVERYTHING = tags -> true;

    /** The expression taken over, its text ({@code null} when none), and the scenarios left out only as slow. */
    private static volatile Expression filter = EVERYTHING;
    private static volatile String text;
    private static final Set<UniqueId> SKIPPED_AS_SLOW = ConcurrentHashMap.newKeySet();

    @Override
    public void launcherDiscoveryStarted(LauncherDiscoveryRequest request) {
        Optional<String> given = request.getConfigurationParameters().get(OldModelTags.PROPERTY);
        // Blank is what this class left behind in an earlier discovery of this JVM (the suite engine discovers
        // again, nested): the expression taken over then still holds.
        if (given.isPresent() && !given.get().isBlank()) {
            take(given.get());
        } else if (given.isEmpty()) {
            take(null);
        }
        System.setProperty(OldModelTags.PROPERTY, "");
        if (request.getConfigurationParameters().get(OldModelTags.PROPERTY).filter(String::isBlank).isEmpty()) {
            throw new IllegalStateException(OldModelTags.PROPERTY + " was given as a configuration parameter of the"
                    + " launcher, which this class cannot take over: give it as a system property"
                    + " (-D" + OldModelTags.PROPERTY + "=...)");
        }
    }

    /** Takes {@code expression} over ({@code null}: keep everything); a malformed one fails with Cucumber's line. */
    static synchronized void take(String expression) {
        SKIPPED_AS_SLOW.clear();
        if (expression == null) {
            filter = EVERYTHING;
            text = null;
            return;
        }
        try {
            filter = TagExpressionParser.parse(expression);
        } catch (TagExpressionException e) {
            throw new IllegalArgumentException("invalid " + OldModelTags.PROPERTY + " '" + expression + "': "
                    + e.getMessage(), null);
        }
        text = expression;
    }

    @Override
    public FilterResult apply(TestDescriptor descriptor) {
        FilterResult result = select(filter, text, descriptor);
        if (result.excluded() && SuiteProgressListener.skippedOnlyAsSlow(filter,
                List.copyOf(effectiveTags(descriptor.getTags(), descriptor.getSource())))) {
            SKIPPED_AS_SLOW.add(descriptor.getUniqueId());
        }
        return result;
    }

    /** Whether {@code filter} (written {@code text}) keeps {@code descriptor}: anything but a scenario is kept. */
    static FilterResult select(Expression filter, String text, TestDescriptor descriptor) {
        if (!descriptor.isTest() || !fromCucumber(descriptor.getUniqueId())) {
            return FilterResult.included("not a scenario");
        }
        List<String> tags = List.copyOf(effectiveTags(descriptor.getTags(), descriptor.getSource()));
        if (filter.evaluate(tags)) {
            return FilterResult.included(OldModelTags.PROPERTY + " kept it");
        }
        return FilterResult.excluded("'" + OldModelTags.PROPERTY + "=" + text + "' did not match " + tags);
    }

    /** The expression in force ({@code -Dcucumber.filter.tags} or the default), or one that keeps everything. */
    public static Expression expression() {
        return filter;
    }

    /** How many scenarios the last discovery left out only for their {@code @Slow} tag. */
    public static int skippedAsSlow() {
        return SKIPPED_AS_SLOW.size();
    }

    /**
     * A scenario's tags with {@code @} (JUnit's tags are Cucumber's without it), its own and its row's, from where
     * Cucumber says it is: a class-path resource or file with the row's line.
     */
    public static Set<String> effectiveTags(Set<TestTag> own, Optional<TestSource> source) {
        Set<String> tags = new LinkedHashSet<>();
        own.forEach(tag -> tags.add("@" + tag.getName()));
        line(source).ifPresent(where -> tags.addAll(RowTags.of(where.uri(), where.line())));
        return tags;
    }

    /** A scenario's name as Cucumber matches {@code cucumber.filter.name} against it ({@link RowTags#scenarioName}). */
    public static Optional<String> scenarioName(Optional<TestSource> source) {
        return line(source).flatMap(where -> RowTags.scenarioName(where.uri(), where.line()));
    }

    /** A feature and a line in it. */
    private record Line(URI uri, int line) {
    }

    /** Where Cucumber says a scenario is: a class-path resource or file, with the scenario's or the row's line. */
    private static Optional<Line> line(Optional<TestSource> source) {
        if (source.isPresent() && source.get() instanceof ClasspathResourceSource resource
                && resource.getPosition().isPresent()) {
            return Optional.of(new Line(URI.create("classpath:" + resource.getClasspathResourceName()),
                    resource.getPosition().map(FilePosition::getLine).orElseThrow()));
        }
        if (source.isPresent() && source.get() instanceof FileSource file && file.getPosition().isPresent()) {
            return Optional.of(new Line(file.getFile().toURI(),
                    file.getPosition().map(FilePosition::getLine).orElseThrow()));
        }
        return Optional.empty();
    }

    private static boolean fromCucumber(UniqueId id) {
        return id.getSegments().stream()
                .anyMatch(segment -> segment.getType().equals("engine") && segment.getValue().equals("cucumber"));
    }
}
