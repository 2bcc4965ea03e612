package io.loomarena.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.ClasspathResourceSource;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Lists which scenarios a tag filter selects, by a Cucumber dry run of {@code features/} (no step runs): one line per
 * selected scenario, {@code feature | scenario name | its tags and its row's model tags, sorted}, sorted. Run it before and after a change to
 * the features' Examples (or to how tags are applied) and compare the files: the same lines mean every filter selects
 * the same scenarios with the same tags. Not a test (a dry run of every filter takes seconds, but it would run a
 * launcher inside the build's own and reset what {@link SuiteProgressListener} keeps): a tool, run with the test
 * class path ({@code default} runs without {@code -Dcucumber.filter.tags}, so junit-platform.properties' applies):
 * <pre>
 * ./mvnw -q -B -ntp test-compile -pl testing -am dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt \
 *     -Dmdep.includeScope=test
 * java -cp testing/target/test-classes:testing/target/classes:$(cat /tmp/cp.txt) \
 *     io.loomarena.testing.SelectionListing /tmp/before default '@ServerVirtual' '@Http and @ServerPool'
 * </pre>
 */
public final class SelectionListing {

    private SelectionListing() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        for (int i = 1; i < args.length; i++) {
            List<String> lines = selected(args[i].equals("default") ? null : args[i]);
            Path file = out.resolve(String.format("%02d.txt", i));
            Files.write(file, lines);
            System.out.println("[SELECTION] " + args[i] + ": " + lines.size() + " scenarios -> " + file);
        }
    }

    /** The selected scenarios' lines for this filter ({@code null}: the default). */
    static List<String> selected(String filter) {
        if (filter == null) {
            System.clearProperty(OldModelTags.PROPERTY);
        } else {
            System.setProperty(OldModelTags.PROPERTY, filter);
        }
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectPackage("features"))
                .filters(EngineFilter.includeEngines("cucumber"))
                .configurationParameters(Map.of("cucumber.execution.dry-run", "true",
                        "cucumber.plugin", "summary",
                        "cucumber.junit-platform.naming-strategy.short.example-name", "pickle"))
                .build();
        List<String> lines = new ArrayList<>();
        LauncherFactory.create().execute(request, new TestExecutionListener() {
            @Override
            public void executionStarted(TestIdentifier test) {
                if (test.isTest()) {
                    String feature = test.getSource().filter(ClasspathResourceSource.class::isInstance)
                            .map(source -> ((ClasspathResourceSource) source).getClasspathResourceName())
                            .orElse("?");
                    lines.add(feature + " | " + test.getDisplayName() + " | " + tags(test));
                }
            }
        });
        lines.sort(null);
        return lines;
    }

    /** Its own tags and its row's, sorted. */
    private static String tags(TestIdentifier test) {
        return new TreeSet<>(RowTagFilter.effectiveTags(test.getTags(), test.getSource())).toString();
    }
}
