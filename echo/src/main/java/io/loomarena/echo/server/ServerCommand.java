package io.loomarena.echo.server;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.cli.CommandLineErrors;
import io.loomarena.echo.EchoMain;
import io.loomarena.measure.ModelThreads;
import io.loomarena.measure.StatsOnStdin;
import io.loomarena.model.PoolSize;
import io.loomarena.model.ServerModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code echo server}: runs one echo server until SIGTERM or SIGINT. Its first stdout line is
 * {@code listening on HOST:PORT}; afterwards it answers {@code stats} on stdin ({@link StatsOnStdin}). The shutdown
 * hook closes the server gracefully (see {@link EchoServer#close()}), then the process exits 0, as the HTTP server's
 * {@code serve} does: a stop asked for is a normal end, not the JVM's 128 + signal number.
 */
@Command(name = "server", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs one RFC 862 echo server until SIGTERM or SIGINT.")
public final class ServerCommand implements java.util.concurrent.Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, converter = ModelConverter.class, paramLabel = "MODEL",
            completionCandidates = ServerModel.CliNames.class,
            description = "Concurrency model: ${COMPLETION-CANDIDATES}.")
    ServerModel model;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = EchoServerConfig.DEFAULT_HOST,
            description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    String host;

    private int port;
    private int poolSize;
    private int backlog;
    private int loops;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "" + EchoServerConfig.DEFAULT_PORT,
            description = "Port, 0 picks a free one (default: ${DEFAULT-VALUE}).")
    void setPort(String value) {
        port = BadArgumentException.wholeNumber("--port", value, 0, 65_535);
    }

    @Option(names = "--pool-size", paramLabel = "THREADS", defaultValue = "" + ServerModel.DEFAULT_POOL_SIZE,
            description = "Threads of the pool model, or Nxcpu for N per CPU of this machine"
                    + " (default: ${DEFAULT-VALUE}).")
    void setPoolSize(String value) {
        poolSize = PoolSize.resolveOption("--pool-size", value); // 2xcpu: this JVM's processors, the server's
    }

    @Option(names = "--backlog", paramLabel = "CONNECTIONS", defaultValue = "" + EchoServerConfig.DEFAULT_BACKLOG,
            description = "Listen backlog (default: ${DEFAULT-VALUE}).")
    void setBacklog(String value) {
        backlog = BadArgumentException.wholeNumber("--backlog", value, 1, EchoServerConfig.MAX_BACKLOG);
    }

    @Option(names = "--loops", paramLabel = "LOOPS", description = "Event loops of the event-loop and netty models"
            + " (default: one per processor this JVM may use).")
    void setLoops(String value) {
        loops = BadArgumentException.wholeNumber("--loops", value, 1, ServerModel.MAX_LOOPS);
    }

    @Override
    public Integer call() throws InterruptedException {
        try {
            for (String option : List.of("--pool-size", "--loops")) {
                if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                    model.requireTakes(option, spec.commandLine().getParseResult().matchedOptionValue(option, ""));
                }
            }
        } catch (BadArgumentException e) {
            return CommandLineErrors.badArgument(spec.commandLine(), e.getMessage());
        }
        EchoServer server = EchoServer.create(new EchoServerConfig(model, host, port, poolSize, backlog,
                EchoServerConfig.DEFAULT_BUFFER_BYTES, EchoServerConfig.DEFAULT_CLOSE_GRACE,
                loops > 0 ? loops : ServerModel.defaultLoops()));
        try {
            server.start();
        } catch (IOException e) {
            return CommandLineErrors.cannotStart(spec.commandLine(), "cannot listen on " + host + ":" + port + ": "
                    + (e instanceof PortInUseException ? "already in use" : e.getMessage())
                    + " (choose another --port, or 0 for a free one)");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        PrintWriter err = spec.commandLine().getErr();
        Runtime.getRuntime().addShutdownHook(ModelThreads.platform("echo-shutdown", () -> {
            server.close();
            stopped.countDown();
            System.out.flush();
            err.flush();
            // Stopped as asked, gracefully: exit 0 (as serve does), not the JVM's 143 for SIGTERM.
            Runtime.getRuntime().halt(EchoMain.EXIT_OK);
        }));
        PrintWriter out = spec.commandLine().getOut();
        out.println("listening on " + host + ":" + server.port());
        out.flush();
        if (server instanceof NettyEchoServer netty) {
            // Which transport ran is part of the result (epoll is faster than NIO); stdout's lines are the harness's.
            err.println("echo server: netty runs on its " + netty.transport() + " transport");
            err.flush();
        }
        StatsOnStdin.start(server.counters()::asMap);
        stopped.await(); // Only the shutdown hook (SIGTERM, SIGINT) ends a server; the hook sets the exit status.
        return EchoMain.EXIT_OK;
    }

    /** Turns {@code --model} into a {@link ServerModel}, naming the allowed values when it is not one. */
    static final class ModelConverter implements ITypeConverter<ServerModel> {
        @Override
        public ServerModel convert(String value) {
            // The HTTP server's old names are not taken here: echo never had them.
            return ServerModel.fromCliName(value).orElseThrow(() -> BadArgumentException.invalid("--model", value,
                    "not an echo server model", ServerModel.allowed()));
        }
    }
}
