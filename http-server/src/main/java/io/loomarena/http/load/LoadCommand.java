package io.loomarena.http.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.cli.CommandLineErrors;
import io.loomarena.measure.HistogramLog;
import io.loomarena.measure.IterationLoop;
import io.loomarena.measure.RunResult;
import io.loomarena.model.ClientModel;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code load} command: drives an HTTP server with one thread of the chosen model per connection and reports
 * throughput, latency and errors. Options arrive as strings and are validated in one place
 * ({@link LoadArguments#toConfig()}), so that every bad value gets the same one-line message and exit status 2.
 * Exit status: 0 when every request succeeded (or {@code --tolerate-errors}), 1 when some failed, the client broke or
 * {@code --conditional} found no ETag to revalidate, 2 for bad arguments. Runs on the thread that calls it.
 * <p>
 * Iterations ({@code --warmup-iterations}, {@code --iterations}, {@code --paced}): the JMH shape inside one client
 * JVM, run by {@link LoadIterations}. A fresh client JVM's first requests run interpreted code in the client and cold
 * paths in the server; warmup iterations run the same work first and are not measured. Paced, the harness starts each
 * iteration itself, so that it can read the server's CPU and GC figures over exactly the measured iterations. The
 * per-iteration lines of the text report are printed after the last iteration, never while one is timed.
 */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Drives an HTTP server: closed model (--requests or --duration), open model (--rate), "
                + "or a user ramp (--ramp); optionally several times in one JVM, the first ones as warmup "
                + "(--warmup-iterations, --iterations).")
public final class LoadCommand implements Callable<Integer> {

    /** Exit status for bad arguments. */
    public static final int EXIT_USAGE = CommandLineErrors.EXIT_USAGE;
    /** Exit status when requests failed, or the client could not complete the run. */
    public static final int EXIT_FAILED = 1;

    /**
     * Options that take a value accept none at parse time and get {@link #NO_VALUE}, so that a missing value is
     * reported by {@link #call()} in one line (exit 2) instead of by picocli's usage text.
     */
    static final String VALUE = "0..1";
    /** How its lines on stderr begin: the command as {@link io.loomarena.cli.CommandLineErrors} names it. */
    static final String PREFIX = "http-server load: ";
    /** How long the connection probe after a run without any connection may take. */
    private static final int PROBE_TIMEOUT_MILLIS = 2_000;
    static final String NO_VALUE = "";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--client", arity = VALUE, fallbackValue = NO_VALUE,
            paramLabel = "MODEL", completionCandidates = ClientModel.CliNames.class,
            description = "Thread model, one thread per connection: ${COMPLETION-CANDIDATES}.")
    String client;

    @Option(names = "--url", arity = VALUE, fallbackValue = NO_VALUE,
            paramLabel = "URL", description = "http://HOST[:PORT]/PATH (loopback unless --allow-remote).")
    String url;

    @Option(names = "--connections", arity = VALUE, fallbackValue = NO_VALUE,
            paramLabel = "C", description = "Concurrent connections, 1 to 10000.")
    String connections;

    @Option(names = "--requests", arity = VALUE, fallbackValue = NO_VALUE,
            paramLabel = "N", description = "Total requests over all connections.")
    String requests;

    @Option(names = "--duration", arity = VALUE, fallbackValue = NO_VALUE,
            paramLabel = "D", description = "How long to send, e.g. 10s (instead of --requests).")
    String duration;

    @Option(names = "--rate", arity = VALUE, fallbackValue = NO_VALUE,
            paramLabel = "R/s", description = "Open model: requests per second on a fixed schedule; reports how late "
                    + "requests left (send lag) and the rate sent. With --duration, a request still unsent one "
                    + "window (at most --timeout) after it is not sent and counts as 'unsent'.")
    String rate;

    @Option(names = "--ramp", arity = VALUE, fallbackValue = NO_VALUE, paramLabel = "USERS/D",
            description = "User ramp, e.g. 10000/60s: users started evenly, one connection and one request each.")
    String ramp;

    @Option(names = "--no-keep-alive", description = "Send Connection: close and open a connection per request.")
    boolean noKeepAlive;

    @Option(names = "--json", arity = VALUE, fallbackValue = NO_VALUE,
            paramLabel = "FILE", description = "Write the run result as JSON.")
    String json;

    @Option(names = "--histogram-log", arity = VALUE, fallbackValue = NO_VALUE, paramLabel = "FILE",
            description = "Write an HdrHistogram interval log: one latency histogram (microseconds) per measured "
                    + "iteration, tagged iteration-N, written as each one ends.")
    String histogramLog;

    @Option(names = "--timeout", arity = VALUE, fallbackValue = NO_VALUE,
            paramLabel = "D", description = "Connect and response timeout (default 10s).")
    String timeout;

    @Option(names = "--conditional", description = "Revalidate: GET the URL once before the run (not measured), "
            + "then send every request with If-None-Match: its ETag; only a 304 counts as a success.")
    boolean conditional;

    @Option(names = "--tolerate-errors", description = "Exit 0 even if requests failed.")
    boolean tolerateErrors;

    @Option(names = "--allow-remote", description = "Allow a target that is not a loopback address.")
    boolean allowRemote;

    @Option(names = "--warmup-iterations", arity = VALUE, fallbackValue = NO_VALUE, paramLabel = "W",
            description = "Run the whole work W times first, not measured (default 0, at most 1000).")
    String warmupIterations;

    @Option(names = "--iterations", arity = VALUE, fallbackValue = NO_VALUE, paramLabel = "N",
            description = "Measured runs of the whole work, each on new connections (default 1, at most 1000); "
                    + "the JSON adds them up and lists each. A run with errors ends the iterations.")
    String iterations;

    @Option(names = "--paced", description = "Before each iteration print '[ITERATION] ready ...' and wait for "
            + "a line 'go' on stdin; after it print '[ITERATION] done ...' (for the harness).")
    boolean paced;

    @CommandLine.Unmatched
    List<String> unmatched;

    /** Where {@code --paced} reads its {@code go} lines and prints its own; null for stdin and stdout. */
    private final BufferedReader pacedIn;
    private final PrintStream pacedOut;

    public LoadCommand() {
        this(null, null);
    }

    /** A seam for tests: {@code --paced} talks to {@code in} and {@code out} instead of stdin and stdout. */
    LoadCommand(BufferedReader in, PrintStream out) {
        this.pacedIn = in;
        this.pacedOut = out;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        LoadConfig config;
        try {
            requireValues();
            config = new LoadArguments(client, url, connections, requests, duration, rate, ramp, noKeepAlive, json,
                    timeout, tolerateErrors, allowRemote, warmupIterations, iterations, paced, unmatched).toConfig();
        } catch (BadArgumentException e) {
            return CommandLineErrors.badArgument(spec.commandLine(), e.getMessage());
        }
        if (conditional) {
            String etag = etagOrNull(config, err);
            if (etag == null) {
                return EXIT_FAILED;
            }
            config = config.withTarget(config.target().revalidating(etag));
        }
        LoadConfig run = config;
        HistogramLog log;
        try {
            log = HistogramLog.open(histogramLog == null ? null : Path.of(histogramLog));
        } catch (UncheckedIOException e) {
            err.println(PREFIX + e.getCause().getMessage());
            err.flush();
            return EXIT_FAILED;
        }
        try (log) {
            return run(run, start -> new LoadRun(run).execute(start), log.around(pacer(run)),
                    spec.commandLine().getOut(), err);
        }
    }

    /** The ETag {@code --conditional} revalidates ({@link EtagProbe}), or null after saying in one line why none. */
    private static String etagOrNull(LoadConfig config, PrintWriter err) {
        try {
            return EtagProbe.etagOf(config.target(), config.timeout());
        } catch (EtagProbe.NoEtagException e) {
            err.println(PREFIX + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(PREFIX + "--conditional: interrupted while asking for the ETag");
        }
        err.flush();
        return null;
    }

    /** {@link IterationLoop.IterationPacer#onStdio} with {@code --paced}; stdin is only read then. */
    private IterationLoop.IterationPacer pacer(LoadConfig config) {
        if (!config.paced()) {
            return IterationLoop.IterationPacer.NONE;
        }
        return IterationLoop.IterationPacer.onStdio(
                pacedIn != null ? pacedIn : new BufferedReader(new InputStreamReader(System.in)),
                pacedOut != null ? pacedOut : System.out);
    }

    private void requireValues() {
        String[][] options = {{"--client", client}, {"--url", url}, {"--connections", connections},
                {"--requests", requests}, {"--duration", duration}, {"--rate", rate}, {"--ramp", ramp},
                {"--json", json}, {"--histogram-log", histogramLog}, {"--timeout", timeout},
                {"--warmup-iterations", warmupIterations}, {"--iterations", iterations}};
        for (String[] option : options) {
            if (NO_VALUE.equals(option[1])) {
                throw new BadArgumentException(option[0] + " needs a value");
            }
        }
    }

    /**
     * What runs one iteration of the load: a new {@link LoadRun}, which calls {@code start} right before its timed
     * work. A seam so that tests can make a run fail.
     */
    @FunctionalInterface
    interface Runner {
        LoadRun.Outcome execute(Runnable start) throws InterruptedException;
    }

    /**
     * Runs the iterations of {@code runner} and always writes the JSON summary when asked (docs/architecture.md), also when
     * requests failed, the run hit its time bound, a client thread crashed, the run was interrupted or the pacer
     * gave up: such a summary holds what was measured until then and says what went wrong in its errors. The exit
     * status is 1 in those cases.
     */
    static int run(LoadConfig config, Runner runner, IterationLoop.IterationPacer pacer, PrintWriter out,
                   PrintWriter err) {
        LoadIterations.Report report = new LoadIterations(config, runner).run(pacer);
        if (report.failure() != null) {
            err.println(PREFIX + report.failure());
        }
        RunResult result = report.result();
        int status = report.failure() == null && (result.totalErrors() == 0 || config.tolerateErrors())
                ? 0 : EXIT_FAILED;
        if (config.json() != null) {
            try {
                result.writeJson(config.json());
            } catch (UncheckedIOException e) {
                err.println(PREFIX + e.getMessage() + ": " + e.getCause().getMessage());
                status = EXIT_FAILED;
            }
        }
        out.print(LoadReport.text(config, report));
        out.flush();
        if (result.operations() == 0 && result.errors().getOrDefault(ErrorKind.CONNECT.key(), 0L) > 0) {
            err.println(PREFIX + whyNoConnection(config.target()));
        }
        err.flush();
        return status;
    }

    /**
     * Why not one connection could be opened, asked once more after the run (the error counts cannot tell a refusal
     * from a timeout): {@code connection refused: nothing is listening on HOST:PORT}, as the echo client says it.
     */
    static String whyNoConnection(Target target) {
        String where = target.address().getHostAddress() + ":" + target.port();
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(target.address(), target.port()), PROBE_TIMEOUT_MILLIS);
            return "no connection to " + where + " during the run, though it accepts one now";
        } catch (ConnectException e) {
            return "connection refused: nothing is listening on " + where + " (start a server with: java -jar"
                    + " http-server/target/http-server.jar serve --model virtual --port " + target.port() + ")";
        } catch (IOException e) {
            return "cannot connect to " + where + ": " + e.getMessage();
        }
    }
}
