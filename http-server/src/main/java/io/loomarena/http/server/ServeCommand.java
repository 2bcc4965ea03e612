package io.loomarena.http.server;

import java.io.IOException;
import java.net.BindException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.cli.CommandLineErrors;
import io.loomarena.measure.StatsOnStdin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code serve}: starts one stage, prints {@code listening on HOST:PORT} as its first stdout line, answers
 * {@code stats} on stdin, and shuts down gracefully on SIGTERM or SIGINT, then exits 0 (as nginx does; 1 when the grace
 * period ran out). Every option arrives as text and is checked here, so that a bad value exits with code 2 and the
 * lines of {@link CommandLineErrors} naming it and the allowed values.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Runs one HTTP server stage.",
        footer = {"", "SIGTERM or SIGINT stops it gracefully: no new connection, requests in flight",
                "finish (answered with Connection: close) within --grace.",
                "Exit status: 0 after a graceful stop, 1 if the grace period ran out and",
                "connections were cut, 2 for a bad argument."})
public final class ServeCommand implements Callable<Integer> {

    /** Exit code of a bad argument (docs/architecture.md). */
    public static final int EXIT_USAGE = CommandLineErrors.EXIT_USAGE;
    /** Exit code after SIGTERM/SIGINT when every connection ended within the grace period. */
    public static final int EXIT_STOPPED = 0;
    /** Exit code after SIGTERM/SIGINT when the grace period ran out and connections were cut. */
    public static final int EXIT_STOPPED_FORCED = 1;

    @Spec
    CommandSpec spec;

    @Option(names = "--stage", paramLabel = "STAGE",
            description = "single-threaded|thread-per-request|thread-pool|virtual|virtual-cached")
    String stage;
    @Option(names = "--host", paramLabel = "HOST", description = "address to listen on (default 127.0.0.1)")
    String host = ServerConfig.DEFAULT_HOST;
    @Option(names = "--port", paramLabel = "PORT", description = "port, 0 for a free one (default 8010)")
    String port = String.valueOf(ServerConfig.DEFAULT_PORT);
    @Option(names = "--pool-size", paramLabel = "N", description = "threads of thread-pool (default 100)")
    String poolSize = String.valueOf(ServerConfig.DEFAULT_POOL_SIZE);
    @Option(names = "--backlog", paramLabel = "N", description = "listen backlog (default 4096)")
    String backlog = String.valueOf(ServerConfig.DEFAULT_BACKLOG);
    @Option(names = "--data", paramLabel = "FILE", description = "JSON served at /data.json (default: 1,000 bundled users)")
    String data;
    @Option(names = "--docroot", paramLabel = "DIR", description = "folder served at /files/ (default: a bundled 50 KB page)")
    String docroot;
    @Option(names = "--downstream", paramLabel = "URL", description = "what /fanout calls (default: this server's /io)")
    String downstream;
    @Option(names = "--grace", paramLabel = "DURATION", description = "graceful shutdown limit (default 10s)")
    String grace = "10s";
    @Option(names = "--header-timeout", paramLabel = "DURATION", description = "time to receive a request head (default 10s)")
    String headerTimeout = "10s";
    @Option(names = "--idle-timeout", paramLabel = "DURATION",
            description = "keep-alive idle limit (default 30s; 1s for single-threaded, once another client waits)")
    String idleTimeout;
    @Option(names = "--write-timeout", paramLabel = "DURATION", description = "longest blocked write (default 30s)")
    String writeTimeout = "30s";
    @Option(names = "--downstream-timeout", paramLabel = "DURATION",
            description = "what a /fanout call may take beyond its ms (default 5s)")
    String downstreamTimeout = "5s";

    @Override
    public Integer call() {
        ServerConfig config;
        try {
            config = config();
        } catch (IllegalArgumentException e) {
            return CommandLineErrors.badArgument(spec.commandLine(), e.getMessage());
        }
        HttpServer server;
        try {
            server = HttpServer.start(config);
        } catch (BindException e) {
            return CommandLineErrors.cannotStart(spec.commandLine(), "cannot listen on " + config.host() + ":"
                    + config.port() + ": " + e.getMessage() + " (choose another --port, or 0 for a free one)");
        } catch (IOException | RuntimeException e) {
            return CommandLineErrors.cannotStart(spec.commandLine(), "cannot start: " + e.getMessage());
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            boolean clean = server.shutdown(config.grace());
            System.out.flush();
            System.err.flush();
            // A graceful stop is a normal end (nginx exits 0 too), not the JVM's 128 + signal number.
            Runtime.getRuntime().halt(clean ? EXIT_STOPPED : EXIT_STOPPED_FORCED);
        }, "http-shutdown"));
        System.out.println("listening on " + config.host() + ":" + server.port());
        System.out.flush();
        StatsOnStdin.start(server.metrics()::counters);
        server.awaitTermination(Duration.ofDays(365_000));
        return 0;
    }

    /** The configuration the options describe; {@link IllegalArgumentException} names the first bad one. */
    ServerConfig config() {
        if (stage == null) {
            throw BadArgumentException.missing("--stage", Stage.allowedNames());
        }
        Stage chosen = Stage.fromCliName(stage).orElseThrow(() -> BadArgumentException.invalid(
                "--stage", stage, "not a stage", Stage.allowedNames()));
        ServerConfig.Builder builder = ServerConfig.builder(chosen)
                .host(host)
                .port(BadArgumentException.wholeNumber("--port", port, 0, 65535))
                .poolSize(BadArgumentException.wholeNumber("--pool-size", poolSize, 1, ServerConfig.MAX_POOL_SIZE))
                .backlog(BadArgumentException.wholeNumber("--backlog", backlog, 1, 1_000_000))
                .grace(duration("--grace", grace))
                .headerTimeout(duration("--header-timeout", headerTimeout))
                .idleTimeout(idleTimeout == null ? null : duration("--idle-timeout", idleTimeout))
                .writeTimeout(duration("--write-timeout", writeTimeout))
                .downstreamTimeout(duration("--downstream-timeout", downstreamTimeout));
        if (host.isBlank()) {
            throw BadArgumentException.invalid("--host", host, "empty", "an address or name of this machine");
        }
        if (data != null) {
            Path file = Path.of(data);
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                throw BadArgumentException.invalid("--data", data, null, "a readable file");
            }
            builder.dataFile(file);
        }
        if (docroot != null) {
            Path dir = Path.of(docroot);
            if (!Files.isDirectory(dir)) {
                throw BadArgumentException.invalid("--docroot", docroot, null, "an existing folder");
            }
            builder.docroot(dir);
        }
        if (downstream != null) {
            builder.downstream(url(downstream));
        }
        return builder.build();
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
        } catch (java.net.URISyntaxException e) {
            // Falls through to the message naming the allowed form.
        }
        throw BadArgumentException.invalid("--downstream", text, "not an http:// URL", "e.g. http://127.0.0.1:8020/io");
    }
}
