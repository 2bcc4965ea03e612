package io.loomarena.harness.options;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessJvm;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.gate.AbGateOptions;
import io.loomarena.harness.jvm.ComparedJdks;
import io.loomarena.harness.jvm.ServerAxes;
import io.loomarena.harness.remote.RemoteSettings;
import io.loomarena.harness.session.AdaptiveForks;
import io.loomarena.http.server.Durations;

/**
 * Everything a user sets for one run with {@code -Dloomarena.*}, read and checked once at the edge (the Cucumber
 * glue, a main method) and passed down as its parts: {@link HarnessSettings} to the session, {@link RemoteSettings} to
 * the hosts, {@link AbGateOptions} to the A/B gate. The only class of the harness that reads system properties; the
 * names, defaults and allowed values are {@link RunProperty}'s. A bad value, or a {@code loomarena.*} name that is not
 * a known one, is a {@link BadRunOption}: one line naming the property, the value and what is allowed, no stack trace.
 * Immutable.
 *
 * @param harness         how JVMs are forked and measured
 * @param remote          where they run (unset: this machine)
 * @param gate            the A/B gate's baseline and tolerance
 * @param baselineRefresh whether the regression gate rewrites its stored baseline from this run's summaries first
 * @param remoteLab       whether the network-namespace lab test runs (root only)
 * @param jdks            the JDKs the pitfall scenarios compare (features/jvm/)
 * @param seed            the seed of the order of interleaved forks ({@code -Dloomarena.seed}); empty: one is drawn
 * @param axes            the server's JVMs and flag sets: every suite measures each combination once per cell
 *                        ({@code -Dloomarena.jvms}, {@code -Dloomarena.flagSets}; docs/jvm.md)
 * @param adaptive        adaptive forks after the planned ones ({@code -Dloomarena.adaptiveForks},
 *                        {@code -Dloomarena.forkBudget}); off by default, and then the placement fill's budget
 *                        ({@code -Dloomarena.fillBudget})
 * @param noVerdict       whether a gate, ranking or capacity figure left with nothing to judge fails the build
 *                        ({@code -Dloomarena.noVerdict}); it always prints why
 * @param history         where every run is remembered ({@code -Dloomarena.history}): {@code off}, a file, a
 *                        {@code jdbc:postgresql:} URL; empty: the default file in the results folder
 */
public record RunOptions(HarnessSettings harness, RemoteSettings remote, AbGateOptions gate, boolean baselineRefresh,
                         boolean remoteLab, ComparedJdks jdks, Optional<Long> seed, ServerAxes axes,
                         AdaptiveForks.Limits adaptive, NoVerdict noVerdict, String history) {

    private static final Object LOCK = new Object();
    private static RunOptions ofThisJvm;

    /** Names that were read once and are not any more, with what replaced them. */
    private static final Map<String, String> RETIRED = Map.of(
            "loomarena.warmups", "loomarena.warmupIterations",
            "loomarena.measuredRuns", "loomarena.iterations (per fork) and loomarena.forks");

    /**
     * The options of this JVM's run, from its system properties, read on first use and the same object afterwards.
     *
     * @throws BadRunOption naming the first bad property
     */
    public static RunOptions ofThisJvm() {
        synchronized (LOCK) {
            if (ofThisJvm == null) {
                ofThisJvm = parse(loomarenaProperties(System.getProperties()), thisJvm());
            }
            return ofThisJvm;
        }
    }

    /** The defaults of every option for a JVM described by {@code jvm}, results under {@code resultsDir}. */
    public static RunOptions defaults(HarnessJvm jvm, Path resultsDir) {
        return new RunOptions(HarnessSettings.defaults(jvm, resultsDir), RemoteSettings.local(), AbGateOptions.none(),
                false, false, new ComparedJdks(ComparedJdks.defaultJdk21(System.getProperty("user.home")), false,
                        Optional.empty(), jvm.javaBinary()), Optional.empty(), ServerAxes.only(jvm.javaBinary()),
                AdaptiveForks.Limits.off(), NoVerdict.DEFAULT, "");
    }

    /**
     * The options that {@code properties} (names with their {@code loomarena.} prefix) set; unset ones keep their
     * defaults.
     *
     * @throws BadRunOption naming the first unknown, retired or bad property
     */
    public static RunOptions parse(Map<String, String> properties, HarnessJvm jvm) {
        for (String name : new TreeMap<>(properties).keySet()) {
            if (RETIRED.containsKey(name)) {
                throw new BadRunOption("-D" + name + " is no longer read: a fork now runs its warmup and measured"
                        + " iterations in one client JVM; use -D" + RETIRED.get(name));
            }
            if (RunProperty.named(name).isEmpty()) {
                throw new BadRunOption("-D" + name + " is not a loom-arena property; the known ones are "
                        + String.join(", ", RunProperty.keys()));
            }
        }
        PropertyValues values = new PropertyValues(properties);
        HarnessSettings harness = values.check(RunProperty.FORKS, () -> HarnessSettings.defaults(jvm,
                Path.of(values.text(RunProperty.RESULTS_DIR)))
                .withRun(values.integer(RunProperty.FORKS, 1, HarnessSettings.MAX_FORKS),
                        values.integer(RunProperty.WARMUP_ITERATIONS, 0, io.loomarena.measure.IterationLoop.Plan.MAX),
                        values.integer(RunProperty.ITERATIONS, 1, io.loomarena.measure.IterationLoop.Plan.MAX),
                        values.matching(RunProperty.HEAP, "\\d+[kmgKMG]?"),
                        values.matching(RunProperty.GC, "-XX:\\S+"),
                        values.bool(RunProperty.PINNING))
                .withCrossCpuProbe(values.bool(RunProperty.CROSS_CPU_PROBE)));
        RemoteSettings remote = remote(values);
        return new RunOptions(harness, remote, gate(values), values.bool(RunProperty.BASELINE_REFRESH),
                values.bool(RunProperty.REMOTE_LAB), jdks(values, jvm), values.optional(RunProperty.SEED)
                .map(text -> values.longInteger(RunProperty.SEED, Long.MIN_VALUE, Long.MAX_VALUE)),
                axes(values, jvm, remote), adaptive(values), noVerdict(values), history(values));
    }

    // --- The JVM axes (issue 24); the adaptive-fork options (issue 22) follow. ---

    /**
     * The server's JVMs and flag sets; an unset axis has one value, today's. Names, duplicates and paths are checked
     * here; running each java is {@code ServerAxesCheck}'s, before the first fork.
     */
    private static ServerAxes axes(PropertyValues values, HarnessJvm jvm, RemoteSettings remote) {
        Path home = Path.of(System.getProperty("user.home"));
        ServerAxes only = ServerAxes.only(jvm.javaBinary());
        List<ServerAxes.ServerJvm> jvms = values.optional(RunProperty.JVMS)
                .map(text -> values.check(RunProperty.JVMS, () -> ServerAxes.parseJvms(text, home)))
                .orElse(only.jvms());
        List<ServerAxes.FlagSet> flagSets = values.optional(RunProperty.FLAG_SETS)
                .map(text -> values.check(RunProperty.FLAG_SETS, () -> ServerAxes.parseFlagSets(text)))
                .orElse(only.flagSets());
        ServerAxes axes = new ServerAxes(jvms, flagSets);
        if (axes.setByRun() && remote.isRemote()) {
            throw new BadRunOption("-D" + RunProperty.JVMS.key() + " and -D" + RunProperty.FLAG_SETS.key()
                    + " apply to servers on this machine only: unset them, or -D" + RunProperty.SERVER_HOST.key());
        }
        return axes;
    }

    // --- Adaptive forks (issue 22). ---

    private static AdaptiveForks.Limits adaptive(PropertyValues values) {
        int extra = values.integer(RunProperty.ADAPTIVE_FORKS, 0, AdaptiveForks.MAX_EXTRA_FORKS);
        return new AdaptiveForks.Limits(extra, budget(values, RunProperty.FORK_BUDGET),
                budget(values, RunProperty.FILL_BUDGET));
    }

    /** A positive duration of at most {@link AdaptiveForks#MAX_BUDGET}. */
    private static Duration budget(PropertyValues values, RunProperty property) {
        Duration budget;
        try {
            budget = Durations.parse(values.text(property).strip());
        } catch (IllegalArgumentException e) {
            throw values.bad(property, null);
        }
        if (budget.compareTo(AdaptiveForks.MAX_BUDGET) > 0) {
            throw values.bad(property, "longer than " + AdaptiveForks.text(AdaptiveForks.MAX_BUDGET));
        }
        return budget;
    }

    private static RemoteSettings remote(PropertyValues values) {
        Optional<Path> jars = values.optional(RunProperty.JARS).map(Path::of);
        if (jars.isPresent() && !Files.isDirectory(jars.get())) {
            throw values.bad(RunProperty.JARS, "it is not a folder");
        }
        List<String> clients = new ArrayList<>();
        values.optional(RunProperty.CLIENT_HOSTS).ifPresent(list -> {
            for (String part : list.split(",")) {
                if (!part.isBlank()) {
                    clients.add(part.strip());
                }
            }
        });
        List<String> ssh = values.optional(RunProperty.SSH)
                .map(text -> values.check(RunProperty.SSH, () -> RemoteSettings.words(RunProperty.SSH.key(), text)))
                .orElse(List.of());
        long clockMillis = values.longInteger(RunProperty.MAX_CLOCK_OFFSET, 1, Long.MAX_VALUE / 1_000_000);
        return values.check(RunProperty.SERVER_HOST, () -> new RemoteSettings(values.optional(RunProperty.SERVER_HOST),
                clients, ssh, values.optional(RunProperty.SERVER_ADDRESS), values.optional(RunProperty.REMOTE_JAVA),
                jars, values.optional(RunProperty.REMOTE_JARS), Duration.ofMillis(clockMillis)));
    }

    /** The JDK 21 named by -Dloomarena.jdk21, else where bench/install-jdk21.sh puts it under the user's home. */
    private static ComparedJdks jdks(PropertyValues values, HarnessJvm jvm) {
        Optional<Path> jdk21 = values.optional(RunProperty.JDK21).map(Path::of);
        return new ComparedJdks(jdk21.orElseGet(() -> ComparedJdks.defaultJdk21(System.getProperty("user.home"))),
                jdk21.isPresent(), values.optional(RunProperty.JDK25).map(Path::of), jvm.javaBinary());
    }

    /** Off, a file or a PostgreSQL URL; whether the file or the database can be used is the history's to say. */
    private static String history(PropertyValues values) {
        String text = values.optional(RunProperty.HISTORY).map(String::strip).orElse("");
        if (text.startsWith("jdbc:") && !text.startsWith("jdbc:postgresql:")) {
            // Said without what follows the scheme: a URL may hold a password.
            throw new BadRunOption("-D" + RunProperty.HISTORY.key() + "=" + text.replaceFirst("^(jdbc:[^:]*:).*$",
                    "$1...") + " is not allowed: " + RunProperty.HISTORY.allowed());
        }
        return text;
    }

    private static NoVerdict noVerdict(PropertyValues values) {
        try {
            return NoVerdict.of(values.text(RunProperty.NO_VERDICT));
        } catch (IllegalArgumentException e) {
            throw values.bad(RunProperty.NO_VERDICT, null);
        }
    }

    private static AbGateOptions gate(PropertyValues values) {
        double tolerance = values.fraction(RunProperty.GATE_TOLERANCE);
        return new AbGateOptions(values.optional(RunProperty.GATE_BASELINE),
                values.optional(RunProperty.GATE_BASELINE_JARS).map(Path::of), tolerance,
                values.optional(RunProperty.GATE_CANDIDATE_JARS).map(Path::of));
    }

    /** Only the {@code loomarena.*} entries of {@code properties}, as text. */
    static Map<String, String> loomarenaProperties(Properties properties) {
        Map<String, String> found = new TreeMap<>();
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(RunProperty.PREFIX)) {
                found.put(name, properties.getProperty(name));
            }
        }
        return found;
    }

    /** This JVM, from its {@code java.*} and {@code os.*} properties. */
    public static HarnessJvm thisJvm() {
        Path fromHome = Path.of(System.getProperty("java.home"), "bin", "java");
        Path binary = Files.isExecutable(fromHome) ? fromHome : ProcessHandle.current().info().command()
                .map(Path::of).orElseThrow(() -> new HarnessException("cannot find the java binary of this JVM"));
        return new HarnessJvm(binary, System.getProperty("java.class.path"), System.getProperty("java.version"),
                System.getProperty("java.vendor"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                System.getProperty("os.name"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
    }
}
