package io.loomarena.testing;

import org.junit.platform.suite.api.IncludeEngines;
import org.junit.platform.suite.api.SelectClasspathResource;
import org.junit.platform.suite.api.Suite;

/**
 * The one entry point for every scenario in {@code features/}: Maven Surefire finds this class, JUnit Platform runs
 * the Cucumber engine on the feature files. Configuration (glue, plugins, the default tag filter that leaves out
 * {@code @Slow}) lives in {@code junit-platform.properties}, so {@code -Dcucumber.filter.tags=...} on the Maven
 * command line always overrides it; no tag is hard-coded here.
 */
@Suite
@IncludeEngines("cucumber")
@SelectClasspathResource("features")
public class RunCucumberTest {
}
