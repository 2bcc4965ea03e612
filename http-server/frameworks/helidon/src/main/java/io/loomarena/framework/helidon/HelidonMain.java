package io.loomarena.framework.helidon;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

import io.helidon.common.Version;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.loomarena.cli.BadArgumentException;
import io.loomarena.framework.support.ArenaEndpoints;
import io.loomarena.framework.support.EndpointAnswer;
import io.loomarena.framework.support.EndpointRequest;
import io.loomarena.framework.support.Framework;
import io.loomarena.framework.support.FrameworkCommand;
import io.loomarena.framework.support.FrameworkConfig;
import io.loomarena.framework.support.FrameworkIdentity;
import io.loomarena.framework.support.FrameworkThreads;

/**
 * Helidon SE 4 ({@code io.helidon.webserver}) serving the arena's endpoints: one routing rule hands every request to
 * {@link ArenaEndpoints}. Helidon 4 serves each connection, and so each request, on a virtual thread by design and
 * has no platform-thread model to choose, so {@code --threads platform} (and {@code --pool-size}) are refused.
 * Stateless; {@link #start} owns the server it returns.
 */
public final class HelidonMain implements Framework {

    /** The command's name. */
    public static final String NAME = "helidon";

    public static void main(String[] args) {
        FrameworkCommand.main(new HelidonMain(), args);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public FrameworkIdentity identity() {
        return FrameworkIdentity.of("Helidon SE", Version.VERSION);
    }

    @Override
    public void check(FrameworkConfig config) {
        if (config.threads() == FrameworkThreads.PLATFORM) {
            throw BadArgumentException.invalid("--threads", FrameworkThreads.PLATFORM.cliName(),
                    "Helidon SE 4 serves every request on a virtual thread by design and has no platform-thread pool",
                    FrameworkThreads.VIRTUAL.cliName());
        }
        Framework.super.check(config);
    }

    @Override
    public RunningFramework start(FrameworkConfig config, ArenaEndpoints endpoints) throws IOException {
        if (config.port() != 0) {
            // Helidon reports a port it cannot bind only in its log (a stack trace) and returns from start() with
            // nothing listening: a bind of our own first gives the one-line answer of every framework.
            try (ServerSocket probe = new ServerSocket()) {
                probe.setReuseAddress(true);
                probe.bind(new InetSocketAddress(config.host(), config.port()));
            }
        }
        WebServerConfig.Builder builder = WebServer.builder()
                .host(config.host())
                .port(config.port())
                .shutdownGracePeriod(FrameworkConfig.GRACE)
                .routing(routing -> routing.any((request, response) -> answer(endpoints, request, response)));
        if (config.idleTimeout() != null) {
            // --idle-timeout; otherwise the listener's own default, as Helidon's users get it. Helidon closes idle
            // connections in a sweep every idleConnectionPeriod, so the sweep runs at least as often as the timeout.
            builder.idleConnectionTimeout(config.idleTimeout())
                    .idleConnectionPeriod(min(config.idleTimeout(), builder.idleConnectionPeriod()));
        }
        WebServer server = builder.build().start();
        if (!server.isRunning()) {
            server.stop();
            throw new IllegalStateException("Helidon's web server did not start (its log above says why)");
        }
        return new Running(server);
    }

    /** Helidon's server once started (tests read its configuration, {@link WebServer#prototype()}). */
    record Running(WebServer server) implements RunningFramework {

        @Override
        public int port() {
            return server.port();
        }

        @Override
        public boolean stop(Duration grace) {
            // Helidon waits for requests in progress up to its shutdownGracePeriod, set at the start to this grace.
            server.stop();
            return true;
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** The adapter: Helidon's request to the endpoints, their answer to Helidon's response. */
    private static void answer(ArenaEndpoints endpoints, ServerRequest request, ServerResponse response)
            throws Exception {
        String query = request.query().rawValue();
        EndpointRequest asked = new EndpointRequest(request.prologue().method().text(), request.path().path(),
                query.isEmpty() ? null : query,
                name -> joined(request.headers().all(HeaderNames.createFromLowercase(name), List::of)));
        EndpointAnswer answer = endpoints.answer(asked);
        response.status(answer.status());
        if (answer.hasContent()) {
            response.header(HeaderNames.CONTENT_TYPE, answer.contentType());
        }
        answer.fields().forEach(response::header);
        if (!answer.hasContent()) {
            response.send();
        } else if (asked.isHead()) {
            response.contentLength(answer.contentLength());
            response.send();
        } else {
            answer.sendBody(response::send);
        }
    }

    private static String joined(List<String> values) {
        return values.isEmpty() ? null : String.join(", ", values);
    }
}
