package io.loomarena.testing;

import org.junit.platform.suite.api.IncludeEngines;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/**
 * The one entry point for every scenario in {@code features/}: Maven Surefire finds this class, JUnit Platform runs
 * the Cucumber engine on the feature files. Configuration (glue, plugins, the default tag filter that leaves out
 * {@code @Slow}) lives in {@code junit-platform.properties}, so {@code -Dcucumber.filter.tags=...} on the Maven
 * command line always overrides it; no tag is hard-coded here. The feature files are put on the test class path under
 * {@code features/} (see the pom), which Cucumber selects as the package {@code features}: selected as a class-path
 * resource, it would warn at every discovery that a package selector is meant.
 */
@Suite
@IncludeEngines("cucumber")
@SelectPackages("features")
public class RunCucumberTest {
}
