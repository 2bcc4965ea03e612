package io.loomarena.http.server;

import java.io.IOException;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.cli.CommandLineErrors;
import io.loomarena.http.server.db.DatabaseConfig;
import io.loomarena.http.server.db.DatabaseOptions;
import io.loomarena.http.server.endpoint.CacheControl;
import io.loomarena.http.server.netty.NettyHttpServer;
import io.loomarena.measure.StatsOnStdin;
import io.loomarena.model.PoolSize;
import io.loomarena.model.ServerModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code serve}: starts the server in one thread model, prints {@code listening on HOST:PORT} as its first stdout line, answers
 * {@code stats} on stdin, and shuts down gracefully on SIGTERM or SIGINT, then exits 0 (as nginx does; 1 when the grace
 * period ran out). Every option arrives as text and is checked here, so that a bad value exits with code 2 and the
 * lines of {@link CommandLineErrors} naming it and the allowed values. The names from before the HTTP server shared
 * the echo server's words ({@code --stage}, {@code thread-pool}, ...) still work, each with one line on stderr naming
 * what replaces it, so that scripts keep running.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Runs the HTTP server in one thread model.",
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

    @Option(names = "--model", paramLabel = "MODEL", completionCandidates = ServerModel.CliNames.class,
            description = "${COMPLETION-CANDIDATES} (netty: a reference, /ping and /data.json only)")
    String model;
    /** The old name of {@code --model}, kept for scripts; not in the help. */
    @Option(names = "--stage", paramLabel = "MODEL", hidden = true)
    String stage;
    @Option(names = "--cache-content",
            description = "serve /data.json and /files/ from memory, read once, instead of from disk per request")
    boolean cacheContent;
    @Option(names = "--host", paramLabel = "HOST", description = "address to listen on (default 127.0.0.1)")
    String host = ServerConfig.DEFAULT_HOST;
    @Option(names = "--port", paramLabel = "PORT", description = "port, 0 for a free one (default 8010)")
    String port = String.valueOf(ServerConfig.DEFAULT_PORT);
    @Option(names = "--pool-size", paramLabel = "N|Nxcpu",
            description = "threads of the pool model, or N per CPU of this machine (default ${DEFAULT-VALUE})")
    String poolSize = String.valueOf(ServerModel.DEFAULT_POOL_SIZE);
    @Option(names = "--loops", paramLabel = "N",
            description = "event loops of the event-loop and netty models (default: one per processor this JVM may use)")
    String loops;
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
            description = "keep-alive idle limit (default 30s; 1s for single, once another client waits)")
    String idleTimeout;
    @Option(names = "--write-timeout", paramLabel = "DURATION", description = "longest blocked write (default 30s)")
    String writeTimeout = "30s";
    @Option(names = "--downstream-timeout", paramLabel = "DURATION",
            description = "what a /fanout call may take beyond its ms (default 5s)")
    String downstreamTimeout = "5s";
    @Option(names = "--max-age", paramLabel = "SECONDS",
            description = "Cache-Control max-age of /data.json and /files/ (default 60; 0 = revalidate each time)")
    String maxAge = String.valueOf(CacheControl.DEFAULT_STATIC_MAX_AGE);
    /** {@code --db-url}, {@code --db-user}, ...: the same options as every framework's {@code serve}. */
    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Override
    public Integer call() {
        ServerConfig config;
        try {
            config = config();
        } catch (IllegalArgumentException e) {
            return CommandLineErrors.badArgument(spec.commandLine(), e.getMessage());
        }
        RunningServer server;
        try {
            server = RunningServer.start(config);
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
        if (server instanceof NettyHttpServer netty) {
            // Which transport ran is part of the result (epoll is faster than NIO); stdout's lines are the harness's.
            spec.commandLine().getErr().println(spec.qualifiedName() + ": netty runs on its " + netty.transport()
                    + " transport and serves " + NettyHttpServer.ENDPOINTS + " only");
        }
        System.out.println("listening on " + config.host() + ":" + server.port());
        System.out.flush();
        StatsOnStdin.start(server::counters);
        server.awaitTermination(Duration.ofDays(365_000));
        return 0;
    }

    /** The configuration the options describe; {@link IllegalArgumentException} names the first bad one. */
    ServerConfig config() {
        ServerModel.Parsed chosen = model();
        if (given("--pool-size")) {
            chosen.model().requireTakes("--pool-size", poolSize);
        }
        ServerConfig.Builder builder = ServerConfig.builder(chosen.model())
                .cacheContent(cacheContent || chosen.cachedContent())
                .host(host)
                .port(BadArgumentException.wholeNumber("--port", port, 0, 65535))
                .poolSize(PoolSize.resolveOption("--pool-size", poolSize)) // 2xcpu: this JVM's, the server's
                .backlog(BadArgumentException.wholeNumber("--backlog", backlog, 1, 1_000_000))
                .grace(OptionValues.duration("--grace", grace))
                .headerTimeout(OptionValues.duration("--header-timeout", headerTimeout))
                .idleTimeout(idleTimeout == null ? null : OptionValues.duration("--idle-timeout", idleTimeout))
                .writeTimeout(OptionValues.duration("--write-timeout", writeTimeout))
                .downstreamTimeout(OptionValues.duration("--downstream-timeout", downstreamTimeout))
                .staticMaxAge(BadArgumentException.wholeNumber("--max-age", maxAge, 0, ServerConfig.MAX_STATIC_MAX_AGE));
        DatabaseConfig databaseConfig = database.config();
        if (databaseConfig.configured() && chosen.model() == ServerModel.NETTY) {
            throw BadArgumentException.invalid("--db-url", databaseConfig.url(), "the netty reference serves "
                    + NettyHttpServer.ENDPOINTS + " only", "with every other --model");
        }
        builder.database(databaseConfig);
        if (loops != null) {
            chosen.model().requireTakes("--loops", loops);
            builder.loops(BadArgumentException.wholeNumber("--loops", loops, 1, ServerModel.MAX_LOOPS));
        }
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
            builder.downstream(OptionValues.downstream(downstream));
        }
        return builder.build();
    }

    /** Whether the command line named {@code option} (rather than leaving it at its default). */
    private boolean given(String option) {
        return spec != null && spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** {@code --model}, or {@code --stage} and the old names, each old word with one line saying the new one. */
    private ServerModel.Parsed model() {
        if (model != null && stage != null) {
            throw BadArgumentException.invalid("--stage", stage, "--stage is the old name of --model; give only --model",
                    null);
        }
        String option = model != null ? "--model" : "--stage";
        String value = model != null ? model : stage;
        if (value == null) {
            throw BadArgumentException.missing("--model", ServerModel.allowed());
        }
        ServerModel.Parsed parsed;
        try {
            parsed = ServerModel.parse(value);
        } catch (IllegalArgumentException e) {
            throw BadArgumentException.invalid(option, value, "not a server model", ServerModel.allowed());
        }
        if (stage != null || parsed.alias().isPresent()) {
            String replaced = parsed.alias().map(ServerModel.Alias::replacement).orElse(parsed.model().cliName());
            spec.commandLine().getErr().println(spec.qualifiedName() + ": '" + option + " " + value + "' is now '--model "
                    + replaced + "'");
        }
        return parsed;
    }
}
