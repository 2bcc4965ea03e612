package io.loomarena.harness.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.loomarena.harness.HarnessJvm;
import io.loomarena.harness.jvm.ServerAxes;

/** {@code -Dloomarena.jvms} and {@code -Dloomarena.flagSets}: the default cell, good axes, one line per bad value. */
class ServerAxesOptionsTest {

    private static final HarnessJvm THIS_JVM = RunOptions.thisJvm();
    private static final String JAVA = THIS_JVM.javaBinary().toString();

    private static RunOptions parse(Map<String, String> properties) {
        return RunOptions.parse(properties, THIS_JVM);
    }

    @Test
    void nothingSetIsOneCellOfTodaysJvmAndFlags() {
        ServerAxes axes = parse(Map.of()).axes();
        assertThat(axes.setByRun()).isFalse();
        assertThat(axes.cells()).singleElement().satisfies(cell -> {
            assertThat(cell.jvm().java()).isEqualTo(THIS_JVM.javaBinary());
            assertThat(cell.flagSet().flags()).isEmpty();
        });
    }

    @Test
    void jvmsAndFlagSetsMakeOneCellEachJvmMajor() {
        ServerAxes axes = parse(Map.of("loomarena.jvms", "a=" + JAVA + ", b=" + THIS_JVM.javaBinary().getParent()
                        .getParent(),
                "loomarena.flagSets", "default=;poller1=-Djdk.pollerMode=1;two= -Da=1  -XX:+UseParallelGC ")).axes();
        assertThat(axes.setByRun()).isTrue();
        assertThat(axes.cells()).extracting(cell -> cell.recorded().label()).containsExactly("a/default",
                "a/poller1", "a/two", "b/default", "b/poller1", "b/two");
        assertThat(axes.jvms().get(1).java()).as("a JDK's home folder means its bin/java")
                .isEqualTo(THIS_JVM.javaBinary());
        assertThat(axes.flagSets().get(2).flags()).containsExactly("-Da=1", "-XX:+UseParallelGC");
        assertThat(axes.describe()).isEqualTo("2 JVMs (a, b) x 3 flag sets (default, poller1, two)");
    }

    @Test
    void oneFlagSetAloneIsAnAxisToo() {
        assertThat(parse(Map.of("loomarena.flagSets", "poller1=-Djdk.pollerMode=1")).axes().setByRun()).isTrue();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "jvms     | a=/no/such/java                 | -Dloomarena.jvms: 'a': /no/such/java is not an executable java",
        "jvms     | =/usr/bin/true                  | -Dloomarena.jvms: '=/usr/bin/true' has an empty name",
        "jvms     | a                               | -Dloomarena.jvms: 'a' is not name=path",
        "jvms     | a=                              | -Dloomarena.jvms: 'a=' names no java",
        "jvms     | a b=/usr/bin/true               | -Dloomarena.jvms: the name 'a b' may hold letters",
        "flagSets | x=-Da=1;x=-Db=2                 | -Dloomarena.flagSets: the name 'x' is given twice",
        "flagSets | =-Da=1                          | -Dloomarena.flagSets: '=-Da=1' has an empty name",
        "flagSets | x=pollerMode=1                  | -Dloomarena.flagSets: 'x': 'pollerMode=1' is not a JVM flag",
    })
    void aBadAxisIsOneLineNamingTheProperty(String property, String value, String message) {
        assertThatThrownBy(() -> parse(Map.of("loomarena." + property, value)))
                .isInstanceOf(BadRunOption.class).hasMessageStartingWith(message).hasNoCause()
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aDuplicateJvmNameIsRefused() {
        assertThatThrownBy(() -> parse(Map.of("loomarena.jvms", "a=" + JAVA + ",a=" + JAVA)))
                .isInstanceOf(BadRunOption.class)
                .hasMessageStartingWith("-Dloomarena.jvms: the name 'a' is given twice");
    }

    @Test
    void theTildeIsTheUsersHome() {
        Path home = Path.of(System.getProperty("user.home"));
        if (THIS_JVM.javaBinary().startsWith(home)) {
            String relative = "~/" + home.relativize(THIS_JVM.javaBinary());
            assertThat(parse(Map.of("loomarena.jvms", "a=" + relative)).axes().jvms().get(0).java())
                    .isEqualTo(THIS_JVM.javaBinary());
        } else {
            assertThat(ServerAxes.parseJvms("a=~/java", Path.of(JAVA).getParent()).get(0).java())
                    .isEqualTo(Path.of(JAVA));
        }
    }

    @Test
    void axesWithAServerOnAnotherHostAreRefused() {
        assertThatThrownBy(() -> parse(Map.of("loomarena.flagSets", "p=-Da=1", "loomarena.serverHost", "h")))
                .isInstanceOf(BadRunOption.class).hasMessageContaining("apply to servers on this machine only");
    }

    @Test
    void theDefaultsAreListed() {
        assertThat(RunProperty.keys()).contains("loomarena.jvms", "loomarena.flagSets");
        assertThat(List.of(RunProperty.JVMS.defaultValue(), RunProperty.FLAG_SETS.defaultValue())).containsOnly("");
    }
}
