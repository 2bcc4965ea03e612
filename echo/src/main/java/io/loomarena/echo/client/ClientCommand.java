package io.loomarena.echo.client;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.cli.CommandLineErrors;
import io.loomarena.cli.HostArgument;
import io.loomarena.echo.EchoMain;
import io.loomarena.measure.HistogramLog;
import io.loomarena.measure.IterationLoop;
import io.loomarena.measure.IterationProtocol;
import io.loomarena.measure.IterationLoop.IterationPacer;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;
import io.loomarena.model.ClientModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code echo client}: one echo client JVM ({@link EchoClient}) running {@code --warmup-iterations} unmeasured and
 * {@code --iterations} measured iterations of the same fixed work through {@link IterationLoop}, so that the measured
 * ones run JIT-compiled client and server code; {@code --paced} lets the harness read the server's figures around
 * each measured iteration. Prints a short summary after all the timed work (never inside it), writes the run result
 * as JSON when asked (also when sessions failed) and exits 0 only when no session had an error.
 */
@Command(name = "client", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs concurrent echo sessions against an echo server and verifies every echoed byte.")
public final class ClientCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, converter = ModelConverter.class, paramLabel = "MODEL",
            completionCandidates = ClientModel.CliNames.class,
            description = "Thread model of the sessions: ${COMPLETION-CANDIDATES}.")
    ClientModel model;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = EchoClientConfig.DEFAULT_HOST,
            description = "Echo server address, loopback unless --allow-remote (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--allow-remote", description = "Allow a --host that is not a loopback address.")
    boolean allowRemote;

    @Option(names = "--json", paramLabel = "FILE",
            description = "Write the run result as JSON to FILE: the measured iterations together, and each one.")
    Path json;

    @Option(names = "--histogram-log", paramLabel = "FILE",
            description = "Write an HdrHistogram interval log to FILE: one latency histogram (microseconds) per"
                    + " measured iteration, tagged iteration-N, written as each one ends.")
    Path histogramLog;

    @Option(names = "--paced",
            description = "Before each iteration print '" + IterationProtocol.PREFIX + "ready ...' and wait for a line"
                    + " '" + IterationProtocol.GO + "' on stdin; after it print '" + IterationProtocol.PREFIX
                    + "done ...' (for the harness).")
    boolean paced;

    /** Where {@code --paced} reads and prints its protocol: the process's stdin and stdout (a test replaces them). */
    InputStream pacerIn = System.in;
    PrintStream pacerOut = System.out;

    private int port;
    private int clients;
    private int messages;
    private int size;
    private Duration readTimeout = EchoClientConfig.DEFAULT_READ_TIMEOUT;
    private int warmupIterations;
    private int iterations;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "" + EchoClientConfig.DEFAULT_PORT,
            description = "Echo server port (default: ${DEFAULT-VALUE}).")
    void setPort(String value) {
        port = BadArgumentException.wholeNumber("--port", value, 1, 65_535);
    }

    @Option(names = "--clients", paramLabel = "N", defaultValue = "" + EchoClientConfig.DEFAULT_CLIENTS,
            description = "Concurrent sessions, one connection each (default: ${DEFAULT-VALUE}).")
    void setClients(String value) {
        clients = BadArgumentException.wholeNumber("--clients", value, 1, EchoClientConfig.MAX_CLIENTS);
    }

    @Option(names = "--messages", paramLabel = "M", defaultValue = "" + EchoClientConfig.DEFAULT_MESSAGES,
            description = "Messages per session (default: ${DEFAULT-VALUE}).")
    void setMessages(String value) {
        messages = BadArgumentException.wholeNumber("--messages", value, 1, EchoClientConfig.MAX_MESSAGES);
    }

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "" + EchoClientConfig.DEFAULT_SIZE,
            description = "Bytes per message (default: ${DEFAULT-VALUE}).")
    void setSize(String value) {
        size = BadArgumentException.wholeNumber("--size", value, 1, EchoClientConfig.MAX_SIZE);
    }

    @Option(names = "--warmup-iterations", paramLabel = "W", defaultValue = "0",
            description = "Iterations of the whole work run first and not measured (default: ${DEFAULT-VALUE}).")
    void setWarmupIterations(String value) {
        warmupIterations = BadArgumentException.wholeNumber("--warmup-iterations", value, 0, IterationLoop.Plan.MAX);
    }

    @Option(names = "--iterations", paramLabel = "N", defaultValue = "1",
            description = "Measured iterations, each the whole work: connect every session, then all send their"
                    + " messages (default: ${DEFAULT-VALUE}).")
    void setIterations(String value) {
        iterations = BadArgumentException.wholeNumber("--iterations", value, 1, IterationLoop.Plan.MAX);
    }

    @Option(names = "--read-timeout", paramLabel = "SECONDS",
            description = "How long a connect or one echo (send a message, read it back) may take, in seconds, e.g."
                    + " 300 or 300s (default: 30s)."
                    + " Raise it for the single server, which serves sessions one after another.")
    void setReadTimeout(String value) {
        String text = value.strip();
        String seconds = text.endsWith("s") ? text.substring(0, text.length() - 1) : text;
        try {
            readTimeout = Duration.ofSeconds(BadArgumentException.wholeNumber("--read-timeout", seconds, 1, 86_400));
        } catch (BadArgumentException e) {
            throw BadArgumentException.invalid("--read-timeout", value, null, "whole seconds 1..86400, e.g. 300s");
        }
    }

    @Override
    public Integer call() {
        InetAddress address;
        try {
            address = HostArgument.resolve("--host", host, host, allowRemote);
        } catch (BadArgumentException e) {
            return CommandLineErrors.badArgument(spec.commandLine(), e.getMessage());
        }
        // The sessions connect to the address resolved here, so that no connection pays a name lookup.
        EchoClientConfig base = EchoClientConfig.of(model, address.getHostAddress(), port, clients, messages, size);
        EchoClientConfig config = base.withTimeouts(readTimeout,
                readTimeout.compareTo(base.overallTimeout()) > 0 ? readTimeout : base.overallTimeout());
        EchoClient client = new EchoClient(config);
        IterationPacer pacer = paced
                ? IterationPacer.onStdio(new BufferedReader(new InputStreamReader(pacerIn)), pacerOut)
                : IterationPacer.NONE;
        RunResult result;
        HistogramLog log;
        try {
            log = HistogramLog.open(histogramLog);
        } catch (UncheckedIOException e) {
            return cannotWrite(e);
        }
        try (log) {
            result = IterationLoop.run(new IterationLoop.Plan(warmupIterations, iterations), log.around(pacer),
                    client::run);
        }
        if (json != null) {
            result.writeJson(json);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(summary(result));
        out.flush();
        long refused = result.errors().getOrDefault(ErrorKind.REFUSED.key(), 0L);
        if (refused > 0) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("connection refused: nothing is listening on " + host + ":" + port
                    + " (start one with: java -jar echo/target/echo.jar server --model virtual --port " + port + ")");
            err.flush();
        }
        return result.totalErrors() == 0 ? EchoMain.EXIT_OK : EchoMain.EXIT_FAILED;
    }

    private int cannotWrite(UncheckedIOException e) {
        PrintWriter err = spec.commandLine().getErr();
        err.println(spec.qualifiedName() + ": " + e.getCause().getMessage());
        err.flush();
        return EchoMain.EXIT_FAILED;
    }

    /**
     * The human summary: workload, elapsed, throughput, latency percentiles, errors, and one line per measured
     * iteration when there were several (the figures above are theirs together).
     */
    static String summary(RunResult result) {
        LatencyStats latency = result.latency();
        String errors = result.totalErrors() == 0 ? "none" : result.errors().entrySet().stream()
                .filter(e -> e.getValue() > 0).map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
        StringBuilder summary = new StringBuilder(String.format(Locale.ROOT, "echo client (%s threads) %s%n"
                        + "  echoed %d messages in %.3f s, %.2f msg/s%n"
                        + "  latency us: mean %.1f, p50 %d, p90 %d, p99 %d, p99.9 %d, max %d%n"
                        + "  errors: %s",
                result.clientModel(), result.workload(), result.operations(), result.elapsedNanos() / 1e9,
                result.throughput(), latency.mean(), latency.p50(), latency.p90(), latency.p99(), latency.p999(),
                latency.max(), errors));
        if (result.iterations().size() > 1) {
            for (RunResult.Iteration iteration : result.iterations()) {
                summary.append(String.format(Locale.ROOT, "%n  iteration %d: %d messages in %.3f s, %.2f msg/s%s",
                        iteration.index(), iteration.operations(), iteration.elapsedNanos() / 1e9,
                        iteration.throughput(), iteration.totalErrors() == 0 ? "" : ", errors "
                                + iteration.totalErrors()));
            }
        }
        return summary.toString();
    }

    /** Turns {@code --model} into a {@link ClientModel}, naming the allowed values when it is not one. */
    static final class ModelConverter implements ITypeConverter<ClientModel> {
        @Override
        public ClientModel convert(String value) {
            return ClientModel.fromCliName(value).orElseThrow(() -> BadArgumentException.invalid("--model", value,
                    "not an echo client model", ClientModel.allowed()));
        }
    }
}
