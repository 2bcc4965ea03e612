package io.loomarena.framework.spring;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.concurrent.Callable;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.cli.CommandLineErrors;
import io.loomarena.http.server.Durations;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.measure.StatsOnStdin;
import io.loomarena.model.PoolSize;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code serve}: starts the Spring Boot application, prints {@code listening on HOST:PORT} as its first stdout line,
 * answers {@code stats} on stdin, and stops gracefully on SIGTERM with exit status 0. Every option arrives as text and
 * is checked here: a bad one exits 2 with the lines of {@link CommandLineErrors}; an application that cannot start
 * exits 1 with one line.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Runs the arena's endpoints on Spring Boot (embedded Tomcat) in one thread model.",
        footer = {"", "SIGTERM stops it gracefully (Spring's graceful shutdown) and exits 0.",
                "Exit status: 1 when the application cannot start, 2 for a bad argument."})
final class ServeCommand implements Callable<Integer> {

    /** Exit status of an application that could not start (the options were fine). */
    static final int EXIT_CANNOT_START = 1;

    @Spec
    CommandSpec spec;

    @Option(names = "--threads", paramLabel = "MODEL", completionCandidates = ThreadNames.class,
            description = "${COMPLETION-CANDIDATES}: Tomcat on virtual threads, or its platform pool")
    String threads;
    @Option(names = "--host", paramLabel = "HOST", description = "address to listen on (default 127.0.0.1)")
    String host = ServerConfig.DEFAULT_HOST;
    @Option(names = "--port", paramLabel = "PORT", description = "port, 0 for a free one (default 8010)")
    String port = String.valueOf(ServerConfig.DEFAULT_PORT);
    @Option(names = "--pool-size", paramLabel = "N|Nxcpu",
            description = "Tomcat's most platform threads, --threads platform only (default: Tomcat's 200)")
    String poolSize;
    @Option(names = "--downstream", paramLabel = "URL", description = "what /fanout calls (default: this server's /io)")
    String downstream;
    @Option(names = "--downstream-timeout", paramLabel = "DURATION",
            description = "what a /fanout call may take beyond its ms (default 5s)")
    String downstreamTimeout = "5s";

    @Override
    public Integer call() {
        ServeSettings settings;
        try {
            settings = settings();
        } catch (IllegalArgumentException e) {
            return CommandLineErrors.badArgument(spec.commandLine(), e.getMessage());
        }
        SpringServer server;
        try {
            server = SpringServer.start(settings);
        } catch (RuntimeException e) {
            spec.commandLine().getErr().println(spec.qualifiedName() + ": cannot start: " + SpringServer.reason(e));
            spec.commandLine().getErr().flush();
            return EXIT_CANNOT_START;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            System.out.flush();
            System.err.flush();
            // A graceful stop is a normal end, not the JVM's 128 + signal number.
            Runtime.getRuntime().halt(0);
        }, "spring-shutdown"));
        spec.commandLine().getErr().println(spec.qualifiedName() + ": " + server.identity() + ", "
                + settings.threads().cliName() + " threads");
        System.out.println("listening on " + settings.host() + ":" + server.port());
        System.out.flush();
        StatsOnStdin.start(server::counters);
        return 0;
    }

    /** The settings the options describe; {@link IllegalArgumentException} names the first bad one. */
    ServeSettings settings() {
        if (threads == null) {
            throw BadArgumentException.missing("--threads", String.join(", ", ThreadChoice.cliNames()));
        }
        ThreadChoice choice = ThreadChoice.parse("--threads", threads);
        int pool = 0;
        if (poolSize != null) {
            if (choice == ThreadChoice.VIRTUAL) {
                throw BadArgumentException.invalid("--pool-size", poolSize,
                        "Tomcat's virtual threads have no pool; --pool-size sizes --threads platform", null);
            }
            pool = PoolSize.resolveOption("--pool-size", poolSize);
        }
        if (host.isBlank()) {
            throw BadArgumentException.invalid("--host", host, "empty", "an address or name of this machine");
        }
        return new ServeSettings(choice, host, BadArgumentException.wholeNumber("--port", port, 0, 65535), pool,
                downstream == null ? null : url(downstream), duration("--downstream-timeout", downstreamTimeout));
    }

    private static Duration duration(String option, String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw BadArgumentException.invalid(option, text, null, Durations.FORMS);
        }
    }

    private static URI url(String text) {
        try {
            URI uri = new URI(text);
            if ("http".equalsIgnoreCase(uri.getScheme()) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // Falls through to the message naming the allowed form.
        }
        throw BadArgumentException.invalid("--downstream", text, "not an http:// URL", "e.g. http://127.0.0.1:8020/io");
    }

    /** The words of {@code --threads}, for the help. */
    static final class ThreadNames extends java.util.ArrayList<String> {
        private static final long serialVersionUID = 1L;

        ThreadNames() {
            super(ThreadChoice.cliNames());
        }
    }
}
