package io.loomarena.harness.history.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToIntFunction;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.cli.CommandLineErrors;
import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.history.HistoryImport;
import io.loomarena.harness.history.HistoryStore;
import io.loomarena.harness.history.RunRow;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.change.DetectorParameters;
import io.loomarena.harness.history.change.EDivisiveDetector;
import io.loomarena.harness.history.change.HistoryGate;
import io.loomarena.harness.history.change.HistoryGateResult;
import io.loomarena.harness.history.change.HistoryLines;
import io.loomarena.harness.options.RunProperty;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * Entry point of {@code history.jar}: lists, shows and edits the results history, imports a results folder and
 * exports a run or a series (docs/history-command.md). Exit codes: 0 done, 1 the work failed (the history could not
 * be read or written), 2 bad arguments ({@link CommandLineErrors}: one line naming the problem, one naming
 * {@code --help}, never a stack trace). Each invocation opens the history once and closes it before returning.
 */
@Command(name = "history", mixinStandardHelpOptions = true, version = "loom-arena history",
        subcommands = ExportCommand.class,
        description = "The results history: runs, testbeds, series and their change points; exclude, acknowledge,"
                + " gate, import, export, prune.")
public final class HistoryCommand implements Runnable {

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_BAD_ARGUMENTS = CommandLineErrors.EXIT_USAGE;
    /** The setting that switches the history off for a run: nothing for this command to read. */
    static final String OFF = "off";

    @Spec
    CommandSpec spec;

    @Option(names = "--history", scope = ScopeType.INHERIT, paramLabel = "<setting>",
            description = "The history: an SQLite file, a jdbc:postgresql: URL (credentials from the environment);"
                    + " default: <results>/history.sqlite.")
    String history;

    @Option(names = "--results", scope = ScopeType.INHERIT, paramLabel = "<folder>",
            description = "The results folder whose history.sqlite is the default history (default: ${DEFAULT-VALUE}).")
    Path results = Path.of(RunProperty.RESULTS_DIR.defaultValue());

    private final StoreOpener opener;

    public HistoryCommand(StoreOpener opener) {
        this.opener = Objects.requireNonNull(opener, "opener");
    }

    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true),
                StoreOpener.histories(), args));
    }

    /** Runs the command line with the given streams and history, returning the exit code (usable in-process). */
    public static int execute(PrintWriter out, PrintWriter err, StoreOpener opener, String... args) {
        CommandLine commandLine = new CommandLine(new HistoryCommand(opener));
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        CommandLineErrors.install(commandLine);
        commandLine.setExecutionExceptionHandler((e, failed, parsed) -> {
            failed.getErr().println(failed.getCommandSpec().qualifiedName() + " failed: " + firstLine(e));
            failed.getErr().flush();
            return EXIT_FAILED;
        });
        return commandLine.execute(args);
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required: runs, testbeds, series, show,"
                + " exclude, acknowledge, gate, import, export or prune");
    }

    @Command(name = "runs", description = "Every run recorded, oldest first, with why it was excluded if it was.")
    int runs() {
        return withStore(store -> print(HistoryTables.runs(store.runs())));
    }

    @Command(name = "testbeds", description = "Every testbed seen, with the facts its fingerprint is made of.")
    int testbeds() {
        return withStore(store -> print(HistoryTables.testbeds(store.testbeds())));
    }

    @Command(name = "series", description = "Every series (suite/combination/metric@testbed) and its points.")
    int series() {
        return withStore(store -> print(HistoryTables.series(store.series(), key -> store.points(key).size())));
    }

    @Command(name = "show", description = "A series' points, its segments and its change points.")
    int show(@Parameters(paramLabel = "<series>", description = "suite/combination/metric[@testbed]") String name) {
        return withStore(store -> {
            SeriesAnalysis analysis = analyse(store, resolve(store, name));
            return print(HistoryTables.show(analysis,
                    change -> store.acknowledged(analysis.key(), change.firstCommitAfter())));
        });
    }

    @Command(name = "exclude", description = "Leaves a run out of every series, keeping it and the reason.")
    int exclude(@Parameters(paramLabel = "<run>", description = "the run's id ('history runs')") long runId,
                @Option(names = "--reason", required = true, paramLabel = "<text>") String reason) {
        return withStore(store -> {
            RunRow run = run(store, runId);
            store.exclude(run.id(), reason);
            return print(List.of("excluded run " + run.id() + " (" + HistoryTables.shortCommit(run.commit()) + ", "
                    + run.suite() + "): " + reason));
        });
    }

    @Command(name = "acknowledge", description = "Marks a change point as seen, so that it is no longer printed as new.")
    int acknowledge(@Parameters(index = "0", paramLabel = "<series>") String name,
                    @Parameters(index = "1", paramLabel = "<commit>",
                            description = "the first commit after the change, or a unique prefix of it") String commit,
                    @Option(names = "--reason", required = true, paramLabel = "<text>") String reason) {
        return withStore(store -> {
            SeriesKey key = resolve(store, name);
            String full = commitOf(store, key, commit);
            store.acknowledge(key, full, reason);
            return print(List.of("acknowledged the change of " + key.name() + " at "
                    + HistoryTables.shortCommit(full) + ": " + reason));
        });
    }

    @Command(name = "import", description = "Records the runs of a results folder (target-results/) in the history,"
            + " each run once.")
    int importFolder(@Parameters(paramLabel = "<folder>", description = "a results folder") Path folder,
                     @Option(names = "--repository", paramLabel = "<clone>", defaultValue = ".",
                             description = "a clone that knows the runs' commits, whose times order the series"
                                     + " (default: the current folder)") Path repository,
                     @Option(names = "--measured-here", description = "the runs were measured on this machine: its"
                             + " CPU model, memory and virtualisation join their testbed, as a live recording's do")
                     boolean measuredHere) {
        if (!Files.isDirectory(folder)) {
            throw bad("no results folder " + folder + (Files.exists(folder) ? " (it is a file)" : ""));
        }
        return withStore(store -> {
            HistoryImport.Result result = HistoryImport.importResults(folder, store, repository, measuredHere);
            List<String> lines = new ArrayList<>(result.lines());
            if (result.recorded() > 0) {
                // As after a live run: the change points nobody acknowledged, now that the imported runs are in.
                lines.addAll(HistoryLines.afterRun(store, store.series()));
            }
            return print(lines);
        });
    }

    @Command(name = "gate", description = "The history gate: fails when a suite's latest runs on one testbed form a"
            + " level worse than the tolerance against the level before (docs/history.md).")
    int gate(@Option(names = "--suite", required = true, paramLabel = "<suite>",
                     description = "the suite whose series are judged, for example echo") String suite,
             @Option(names = "--testbed", paramLabel = "<id>",
                     description = "the testbed to judge (default: the testbed of the suite's latest run)")
             String testbed,
             @Option(names = "--tolerance", paramLabel = "<fraction>", defaultValue = "0.05",
                     description = "the loss that fails, as for the A/B gate (default: ${DEFAULT-VALUE})")
             double tolerance,
             @Option(names = "--no-verdict", paramLabel = "warn|fail", defaultValue = "warn",
                     description = "whether a series with too few runs fails the gate (default: ${DEFAULT-VALUE})")
             String noVerdict) {
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw bad("invalid --tolerance '" + tolerance + "': a fraction in [0, 1), such as 0.05");
        }
        NoVerdict policy;
        try {
            policy = NoVerdict.of(noVerdict);
        } catch (IllegalArgumentException e) {
            throw bad("invalid --no-verdict '" + noVerdict + "': warn or fail");
        }
        return withStore(store -> {
            HistoryGateResult result = new HistoryGate(DetectorParameters.STANDARD, tolerance)
                    .judge(store, suite, Optional.ofNullable(testbed));
            print(result.lines());
            return result.exitStatus(policy);
        });
    }

    @Command(name = "prune", description = "Bounds the history's size: deletes the summaries of every run but the"
            + " newest N (their exports), keeping every run's figures, so series, change points and the gate are"
            + " unchanged.")
    int prune(@Option(names = "--keep-summaries", required = true, paramLabel = "<N>",
                      description = "how many of the newest runs keep their summaries") int keep) {
        if (keep < 0) {
            throw bad("invalid --keep-summaries '" + keep + "': a whole number 0 or more");
        }
        return withStore(store -> print(List.of("pruned the summaries of " + store.pruneSummaries(keep)
                + " runs from " + store.describe() + "; the newest " + keep + " keep theirs, every run its figures")));
    }

    /** Opens the history, runs {@code work} on it, closes it; returns {@code work}'s exit code. */
    int withStore(ToIntFunction<HistoryStore> work) {
        if (OFF.equalsIgnoreCase(String.valueOf(history).strip())) {
            throw bad("--history off names no history to read; give an SQLite file or a jdbc:postgresql: URL,"
                    + " or leave it unset for " + results.resolve("history.sqlite"));
        }
        try (HistoryStore store = opener.open(history, results).orElseThrow(
                () -> bad(history == null ? "no history at " + results.resolve("history.sqlite")
                        : "--history '" + history + "' names no history"))) {
            return work.applyAsInt(store);
        }
    }

    SeriesAnalysis analyse(HistoryStore store, SeriesKey key) {
        return EDivisiveDetector.standard().analyse(key, store.points(key));
    }

    SeriesKey resolve(HistoryStore store, String name) {
        try {
            return SeriesArgument.resolve(store, name);
        } catch (BadArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    /** The run {@code id} of the store, or a bad argument naming the ids it has. */
    RunRow run(HistoryStore store, long id) {
        List<RunRow> runs = store.runs();
        return runs.stream().filter(r -> r.id() == id).findFirst().orElseThrow(() -> bad("no run " + id + " in "
                + store.describe() + (runs.isEmpty() ? " (it has no run)"
                : " (runs " + runs.getFirst().id() + ".." + runs.getLast().id() + ")")));
    }

    /** The full commit of a series' point that {@code commit} names, whole or by a unique prefix. */
    private String commitOf(HistoryStore store, SeriesKey key, String commit) {
        List<String> commits = store.points(key).stream().map(p -> p.commit()).distinct()
                .filter(c -> c.startsWith(commit)).toList();
        if (commits.size() != 1 || commit.isBlank()) {
            throw bad((commits.isEmpty() ? "no point of " : "several commits of ") + key.name() + " match commit '"
                    + commit + "'" + (commits.isEmpty() ? "" : ": give more of it"));
        }
        return commits.getFirst();
    }

    /** Prints the lines on the command's standard output; returns {@link #EXIT_OK}. */
    int print(List<String> lines) {
        PrintWriter out = spec.commandLine().getOut();
        lines.forEach(out::println);
        out.flush();
        return EXIT_OK;
    }

    /** A bad argument of the subcommand running: one line naming it, exit status 2. */
    ParameterException bad(String message) {
        CommandLine running = spec.commandLine().getParseResult().subcommand() == null ? spec.commandLine()
                : spec.commandLine().getParseResult().subcommand().commandSpec().commandLine();
        return new ParameterException(running, message);
    }

    private static String firstLine(Exception e) {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline).strip();
    }

    /** Writes text to a file, creating its folder; the file's name on failure. */
    static void writeFile(Path file, String text) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
