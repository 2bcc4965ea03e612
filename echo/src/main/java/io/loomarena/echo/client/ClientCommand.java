package io.loomarena.echo.client;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import io.loomarena.echo.EchoMain;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code echo client}: one echo client run ({@link EchoClient}). Prints a short summary after the timed work, writes
 * the run result as JSON when asked (also when sessions failed) and exits 0 only when no session had an error.
 */
@Command(name = "client", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs concurrent echo sessions against an echo server and verifies every echoed byte.")
public final class ClientCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, converter = ModelConverter.class, paramLabel = "MODEL",
            description = "Thread model of the sessions: platform or virtual.")
    ClientModel model;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = EchoClientConfig.DEFAULT_HOST,
            description = "Echo server address (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the run result as JSON to FILE.")
    Path json;

    private int port;
    private int clients;
    private int messages;
    private int size;
    private int readTimeoutSeconds = (int) EchoClientConfig.DEFAULT_READ_TIMEOUT.toSeconds();
    private Duration readTimeout = EchoClientConfig.DEFAULT_READ_TIMEOUT;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "" + EchoClientConfig.DEFAULT_PORT,
            description = "Echo server port (default: ${DEFAULT-VALUE}).")
    void setPort(int value) {
        EchoMain.requireRange(spec, "--port", value, 1, 65_535);
        port = value;
    }

    @Option(names = "--clients", paramLabel = "N", defaultValue = "" + EchoClientConfig.DEFAULT_CLIENTS,
            description = "Concurrent sessions, one connection each (default: ${DEFAULT-VALUE}).")
    void setClients(int value) {
        EchoMain.requireRange(spec, "--clients", value, 1, EchoClientConfig.MAX_CLIENTS);
        clients = value;
    }

    @Option(names = "--messages", paramLabel = "M", defaultValue = "" + EchoClientConfig.DEFAULT_MESSAGES,
            description = "Messages per session (default: ${DEFAULT-VALUE}).")
    void setMessages(int value) {
        EchoMain.requireRange(spec, "--messages", value, 1, EchoClientConfig.MAX_MESSAGES);
        messages = value;
    }

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "" + EchoClientConfig.DEFAULT_SIZE,
            description = "Bytes per message (default: ${DEFAULT-VALUE}).")
    void setSize(int value) {
        EchoMain.requireRange(spec, "--size", value, 1, EchoClientConfig.MAX_SIZE);
        size = value;
    }

    @Option(names = "--read-timeout", paramLabel = "SECONDS",
            description = "How long a connect or one read may block, in seconds, e.g. 300 or 300s (default: 30s)."
                    + " Raise it for the single server, which serves sessions one after another.")
    void setReadTimeout(String value) {
        String seconds = value.strip().endsWith("s") ? value.strip().substring(0, value.strip().length() - 1)
                : value.strip();
        try {
            EchoMain.requireRange(spec, "--read-timeout", Integer.parseInt(seconds), 1, 86_400);
        } catch (NumberFormatException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option"
                    + " '--read-timeout': " + value + " (allowed: whole seconds 1..86400, e.g. 300s)");
        }
        readTimeout = Duration.ofSeconds(Integer.parseInt(seconds));
    }

    @Override
    public Integer call() {
        EchoClientConfig base = EchoClientConfig.of(model, host, port, clients, messages, size);
        EchoClientConfig config = base.withTimeouts(readTimeout,
                readTimeout.compareTo(base.overallTimeout()) > 0 ? readTimeout : base.overallTimeout());
        RunResult result = new EchoClient(config).run();
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

    /** The human summary: workload, elapsed, throughput, latency percentiles, errors. */
    static String summary(RunResult result) {
        LatencyStats latency = result.latency();
        String errors = result.totalErrors() == 0 ? "none" : result.errors().entrySet().stream()
                .filter(e -> e.getValue() > 0).map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "echo client (%s threads) %s%n"
                        + "  echoed %d messages in %.3f s, %.2f msg/s%n"
                        + "  latency us: mean %.1f, p50 %d, p90 %d, p99 %d, p99.9 %d, max %d%n"
                        + "  errors: %s",
                result.clientModel(), result.workload(), result.operations(), result.elapsedNanos() / 1e9,
                result.throughput(), latency.mean(), latency.p50(), latency.p90(), latency.p99(), latency.p999(),
                latency.max(), errors);
    }

    /** Turns {@code --model} into a {@link ClientModel}, naming the allowed values when it is not one. */
    static final class ModelConverter implements ITypeConverter<ClientModel> {
        @Override
        public ClientModel convert(String value) {
            try {
                return ClientModel.fromCliName(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
