package io.loomarena.framework.support;

import java.net.BindException;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.cli.CommandLineErrors;
import io.loomarena.http.server.OptionValues;
import io.loomarena.http.server.db.DatabaseOptions;
import io.loomarena.measure.StatsOnStdin;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code serve} of every framework application, written once: the options (each arrives as text and is checked
 * here, so a bad one exits 2 with the lines of {@link CommandLineErrors} naming it and what is allowed), then the
 * arena server's behaviour towards the harness: the framework and its version on stderr, {@code listening on
 * HOST:PORT} as the first stdout line, {@code stats}, {@code reset-peaks} and {@code gc} on stdin
 * ({@link StatsOnStdin}, with the framework named in the stats), and on SIGTERM or SIGINT a graceful stop, exit 0
 * (1 when requests were cut after the grace period). A framework that cannot start exits 1 with one line.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serves the arena's endpoints (/ping, /data.json, /io, /cpu, /fanout, /db, /metrics) on this framework.",
        footer = {"", "SIGTERM or SIGINT stops it gracefully within 10s, then it exits 0 (1 if requests were cut).",
                "Exit status: 1 when the framework cannot start, 2 for a bad argument."})
public final class FrameworkCommand implements Callable<Integer> {

    /** Exit code of a framework that could not start (the options were fine). */
    public static final int EXIT_CANNOT_START = 1;
    /** Exit code after SIGTERM/SIGINT when every request ended within the grace period. */
    public static final int EXIT_STOPPED = 0;
    /** Exit code after SIGTERM/SIGINT when requests were still running after the grace period. */
    public static final int EXIT_STOPPED_FORCED = 1;

    private final Framework framework;

    @Spec
    CommandSpec spec;

    @Option(names = "--threads", paramLabel = "MODEL", description = "virtual or platform: the framework's own thread model")
    String threads;
    @Option(names = "--host", paramLabel = "HOST", description = "address to listen on (default 127.0.0.1)")
    String host = FrameworkConfig.DEFAULT_HOST;
    @Option(names = "--port", paramLabel = "PORT", description = "port, 0 for a free one (default 0)")
    String port = String.valueOf(FrameworkConfig.DEFAULT_PORT);
    @Option(names = "--pool-size", paramLabel = "N",
            description = "platform threads of the framework's pool (default 200); only where it means something")
    String poolSize;
    @Option(names = "--downstream", paramLabel = "URL", description = "what /fanout calls (default: this server's /io)")
    String downstream;
    @Option(names = "--downstream-timeout", paramLabel = "DURATION",
            description = "what a /fanout call may take beyond its ms (default 5s)")
    String downstreamTimeout = "5s";
    @Option(names = "--idle-timeout", paramLabel = "DURATION",
            description = "how long a kept-alive connection waits for its next request (default: the framework's)")
    String idleTimeout;
    /** --db-url, --db-user, --db-pool-size, --db-wait, --db-query-timeout: the same on every serve. */
    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    public FrameworkCommand(Framework framework) {
        this.framework = framework;
    }

    /** Runs {@code serve ...} of {@code framework} and exits with its status: a framework's {@code main}. */
    public static void main(Framework framework, String[] args) {
        System.exit(commandLine(framework).execute(args));
    }

    /** The command line {@code <framework> serve ...}, with the arena's handling of a wrong one. */
    public static CommandLine commandLine(Framework framework) {
        CommandLine root = new CommandLine(new Root());
        root.setCommandName(framework.name());
        root.addSubcommand("serve", new CommandLine(new FrameworkCommand(framework)));
        return CommandLineErrors.install(root);
    }

    /** The application's root command: only {@code serve} does something. */
    @Command(mixinStandardHelpOptions = true, description = "A framework serving the arena's endpoints.")
    static final class Root implements Runnable {
        @Spec
        CommandSpec spec;

        @Override
        public void run() {
            throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: serve");
        }
    }

    @Override
    public Integer call() {
        FrameworkConfig config;
        try {
            config = config();
            framework.check(config);
        } catch (IllegalArgumentException e) {
            return CommandLineErrors.badArgument(spec.commandLine(), e.getMessage());
        }
        FrameworkIdentity identity = framework.identity();
        FrameworkApplication application;
        try {
            application = FrameworkApplication.start(framework, config);
        } catch (Exception e) {
            return cannotStart(identity, config, e);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            boolean clean = application.stop(FrameworkConfig.GRACE);
            stopped.countDown();
            System.out.flush();
            System.err.flush();
            // A graceful stop is a normal end (as the arena's serve), not the JVM's 128 + signal number.
            Runtime.getRuntime().halt(clean ? EXIT_STOPPED : EXIT_STOPPED_FORCED);
        }, "framework-shutdown"));
        spec.commandLine().getErr().println(spec.qualifiedName() + ": " + identity.describe() + ", --threads "
                + config.threads().cliName());
        spec.commandLine().getErr().flush();
        System.out.println("listening on " + config.host() + ":" + application.port());
        System.out.flush();
        StatsOnStdin.start(application.endpoints().metrics()::statsCounters, identity.describe());
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return EXIT_STOPPED;
    }

    /** One line naming the framework and what kept it from starting; exit 1. */
    private int cannotStart(FrameworkIdentity identity, FrameworkConfig config, Exception e) {
        Throwable cause = e;
        while (!(cause instanceof BindException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        String why = cause instanceof BindException
                ? cause.getMessage() + " (choose another --port, or 0 for a free one)" : String.valueOf(e.getMessage());
        var err = spec.commandLine().getErr();
        err.println(spec.qualifiedName() + ": cannot start " + identity.describe() + " on " + config.host() + ":"
                + config.port() + ": " + why.replace('\n', ' '));
        err.flush();
        return EXIT_CANNOT_START;
    }

    /** The configuration the options describe; {@link IllegalArgumentException} names the first bad one. */
    FrameworkConfig config() {
        FrameworkThreads model = FrameworkThreads.parse("--threads", threads);
        if (host.isBlank()) {
            throw BadArgumentException.invalid("--host", host, "empty", "an address or name of this machine");
        }
        int size = model == FrameworkThreads.VIRTUAL ? 0 : FrameworkConfig.DEFAULT_POOL_SIZE;
        if (poolSize != null) {
            size = BadArgumentException.wholeNumber("--pool-size", poolSize, 1, FrameworkConfig.MAX_POOL_SIZE);
        }
        return new FrameworkConfig(model, host, BadArgumentException.wholeNumber("--port", port, 0, 65535), size,
                poolSize != null, downstream == null ? null : OptionValues.downstream(downstream),
                OptionValues.duration("--downstream-timeout", downstreamTimeout), database.config(),
                idleTimeout == null ? null : OptionValues.duration("--idle-timeout", idleTimeout));
    }
}
