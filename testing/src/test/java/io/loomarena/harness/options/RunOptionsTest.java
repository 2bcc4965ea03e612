package io.loomarena.harness.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.session.AdaptiveForks;

/** Every {@code -Dloomarena.*} value read once: defaults, good values, and one clear message per bad one. */
class RunOptionsTest {

    @TempDir
    Path folder;

    private static RunOptions parse(Map<String, String> properties) {
        return RunOptions.parse(properties, RunOptions.thisJvm());
    }

    @Test
    void nothingSetMeansTheDocumentedDefaults() {
        RunOptions options = parse(Map.of());
        HarnessSettings harness = options.harness();
        assertThat(harness.forks()).isEqualTo(2);
        assertThat(harness.warmupIterations()).isEqualTo(2);
        assertThat(harness.iterations()).isEqualTo(3);
        assertThat(harness.heap()).isEqualTo("512m");
        assertThat(harness.gc()).isEqualTo("-XX:+UseG1GC");
        assertThat(harness.pinning()).isTrue();
        assertThat(harness.resultsDir()).isEqualTo(Path.of("target-results").toAbsolutePath());
        assertThat(options.remote().isRemote()).isFalse();
        assertThat(options.gate().baselineRef()).isEmpty();
        assertThat(options.gate().tolerance()).isEqualTo(0.05);
        assertThat(options.baselineRefresh()).isFalse();
        assertThat(options.remoteLab()).isFalse();
        assertThat(options.seed()).isEmpty();
        assertThat(options.adaptive().on()).as("adaptive forks off by default").isFalse();
        assertThat(options.adaptive().budget()).isEqualTo(Duration.ofMinutes(4));
        assertThat(options.adaptive().fillBudget()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void thePlacementFillsBudgetIsReadAndKeptWhenAdaptiveForksAreTurnedOff() {
        RunOptions options = parse(Map.of("loomarena.fillBudget", "4m"));

        assertThat(options.adaptive().on()).isFalse();
        assertThat(options.adaptive().fillBudget()).isEqualTo(Duration.ofMinutes(4));
        assertThat(parse(Map.of("loomarena.adaptiveForks", "2", "loomarena.fillBudget", "150s")).adaptive()
                .adaptiveOff()).isEqualTo(new AdaptiveForks.Limits(0, Duration.ofMinutes(4),
                Duration.ofSeconds(150)));
    }

    @Test
    void adaptiveForksAndTheirBudgetAreRead() {
        RunOptions options = parse(Map.of("loomarena.adaptiveForks", "3", "loomarena.forkBudget", "90s"));

        assertThat(options.adaptive().on()).isTrue();
        assertThat(options.adaptive().maxExtraForks()).isEqualTo(3);
        assertThat(options.adaptive().budget()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void theSeedOfTheInterleavedOrderIsRead() {
        assertThat(parse(Map.of("loomarena.seed", "-4711")).seed()).contains(-4711L);
    }

    @Test
    void goodValuesAreRead() {
        RunOptions options = parse(Map.ofEntries(Map.entry("loomarena.forks", "1"),
                Map.entry("loomarena.warmupIterations", " 0 "), Map.entry("loomarena.iterations", "7"),
                Map.entry("loomarena.heap", "1g"), Map.entry("loomarena.gc", "-XX:+UseParallelGC"),
                Map.entry("loomarena.pinning", "FALSE"), Map.entry("loomarena.results.dir", folder.toString()),
                Map.entry("loomarena.serverHost", "bench@10.0.0.5"), Map.entry("loomarena.clientHosts", "h1, h2"),
                Map.entry("loomarena.ssh", "-i /k -o 'A=b c'"), Map.entry("loomarena.maxClockOffset", "250"),
                Map.entry("loomarena.gate.baseline", "main"), Map.entry("loomarena.gate.tolerance", "0.1"),
                Map.entry("loomarena.baseline.refresh", "true"), Map.entry("loomarena.stdinLifeline", "true")));
        assertThat(options.harness().forks()).isEqualTo(1);
        assertThat(options.harness().warmupIterations()).isZero();
        assertThat(options.harness().iterations()).isEqualTo(7);
        assertThat(options.harness().jvmArgs()).containsExactly("-Xms1g", "-Xmx1g", "-XX:+UseParallelGC");
        assertThat(options.harness().pinning()).isFalse();
        assertThat(options.harness().resultsDir()).isEqualTo(folder);
        assertThat(options.remote().serverConnectAddress()).isEqualTo("10.0.0.5");
        assertThat(options.remote().clientHosts()).containsExactly("h1", "h2");
        assertThat(options.remote().sshOptions()).containsExactly("-i", "/k", "-o", "A=b c");
        assertThat(options.remote().maxClockOffset()).isEqualTo(Duration.ofMillis(250));
        assertThat(options.gate().baselineRef()).contains("main");
        assertThat(options.gate().tolerance()).isEqualTo(0.1);
        assertThat(options.baselineRefresh()).isTrue();
    }

    @ParameterizedTest(name = "-D{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "loomarena.forks|abc|a whole number 1..100",
        "loomarena.forks|0|a whole number 1..100",
        "loomarena.forks|101|a whole number 1..100",
        "loomarena.forks|2.5|a whole number 1..100",
        "loomarena.warmupIterations|-1|a whole number 0..1000",
        "loomarena.iterations|0|a whole number 1..1000",
        "loomarena.iterations|1001|a whole number 1..1000",
        "loomarena.heap|lots|a size such as 512m",
        "loomarena.heap|512mb|a size such as 512m",
        "loomarena.gc|G1|one JVM flag -XX:",
        "loomarena.gc|-XX:+UseG1GC -Xmx1g|one JVM flag -XX:",
        "loomarena.pinning|yes|true or false",
        "loomarena.pinning|1|true or false",
        "loomarena.maxClockOffset|5ms|a whole number of ms >= 1",
        "loomarena.maxClockOffset|0|a whole number of ms >= 1",
        "loomarena.gate.tolerance|5%|a fraction in [0, 1)",
        "loomarena.gate.tolerance|1.5|a fraction in [0, 1)",
        "loomarena.baseline.refresh|yes|true or false",
        "loomarena.remoteLab|on|true or false",
        "loomarena.seed|abc|a whole number",
        "loomarena.adaptiveForks|-1|a whole number 0..100",
        "loomarena.adaptiveForks|many|a whole number 0..100",
        "loomarena.adaptiveForks|101|a whole number 0..100",
        "loomarena.forkBudget|abc|a positive number with ms, s or m",
        "loomarena.forkBudget|10|a positive number with ms, s or m",
        "loomarena.forkBudget|0s|a positive number with ms, s or m",
        "loomarena.forkBudget|1441m|longer than 1440 min",
        "loomarena.fillBudget|0s|a positive number with ms, s or m",
        "loomarena.fillBudget|-5s|a positive number with ms, s or m",
        "loomarena.fillBudget|2d|a positive number with ms, s or m",
        "loomarena.fillBudget|1441m|longer than 1440 min",
    })
    void aBadValueNamesThePropertyTheValueAndWhatIsAllowed(String property, String value, String allowed) {
        // One line, no stack trace: every scenario that reads the options shows it (Cucumber prints the trace).
        assertThatThrownBy(() -> parse(Map.of(property, value))).isInstanceOf(BadRunOption.class)
                .hasMessageStartingWith("-D" + property + "=" + value + " is not allowed")
                .hasMessageContaining(allowed)
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty())
                .satisfies(e -> assertThat(e.toString()).isEqualTo(e.getMessage()));
    }

    @ParameterizedTest(name = "-D{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "loomarena.serverHost|a b|-Dloomarena.serverHost: 'a b' is not [user@]host",
        "loomarena.serverHost|-oProxyCommand=x|is not [user@]host",
        "loomarena.clientHosts|h1|-Dloomarena.clientHosts is set but -Dloomarena.serverHost is not",
        "loomarena.ssh|-o 'unclosed|-Dloomarena.ssh has an unclosed ' quote",
        "loomarena.jars|/no/such/folder|-Dloomarena.jars=/no/such/folder is not allowed (it is not a folder)",
    })
    void aBadRemoteValueNamesTheProperty(String property, String value, String message) {
        assertThatThrownBy(() -> parse(Map.of(property, value))).isInstanceOf(BadRunOption.class)
                .hasMessageContaining(message);
    }

    @Test
    void aTypoInAPropertyNameIsAnErrorThatListsTheKnownNames() {
        assertThatThrownBy(() -> parse(Map.of("loomarena.fork", "3"))).isInstanceOf(BadRunOption.class)
                .hasMessageStartingWith("-Dloomarena.fork is not a loom-arena property; the known ones are ")
                .hasMessageContaining("loomarena.forks, ").hasMessageContaining("loomarena.gate.tolerance");
    }

    @Test
    void aRetiredNameSaysWhatReplacedIt() {
        assertThatThrownBy(() -> parse(Map.of("loomarena.warmups", "2")))
                .hasMessageContaining("-Dloomarena.warmups is no longer read")
                .hasMessageContaining("use -Dloomarena.warmupIterations");
    }

    @Test
    void bothGateBaselinesAreReadAndLeftForTheGateToRefuse() {
        RunOptions options = parse(Map.of("loomarena.gate.baseline", "main",
                "loomarena.gate.baselineJars", folder.toString()));
        assertThat(options.gate().baselineRef()).contains("main");
        assertThat(options.gate().baselineJars()).contains(folder);
    }

    @Test
    void everyPropertyIsListedInTheRunOptionsDocWithItsDefault() throws Exception {
        Path doc = Path.of(System.getProperty("loomarena.results.dir", "../target-results")).toAbsolutePath()
                .getParent().resolve("docs/run-options.md");
        String text = java.nio.file.Files.readString(doc);
        for (RunProperty property : RunProperty.values()) {
            assertThat(text).as("docs/run-options.md lists %s", property.key())
                    .contains("| `" + property.key() + "` | " + (property.defaultValue().isEmpty() ? "unset"
                            : "`" + property.defaultValue() + "`") + " |");
        }
        assertThat(List.of(RunProperty.values())).extracting(RunProperty::key).doesNotHaveDuplicates();
    }
}
