package io.loomarena.http.server.connection;

import java.util.Objects;
import java.util.function.BooleanSupplier;

import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.ServerMetrics;
import io.loomarena.http.server.endpoint.Router;
import io.loomarena.http.server.protocol.BodyReader;
import io.loomarena.http.server.protocol.Http1RequestParser;
import io.loomarena.http.server.stage.ConcurrencyStage;

/**
 * What every connection of one server shares: configuration, parser, router, counters and registry. Immutable; the
 * parts are thread-safe.
 *
 * @param config   the server's configuration (timeouts, limits)
 * @param stage    the stage: what sets it apart (yield policy, ...) is asked of it
 * @param parser   the request-head parser
 * @param body     the body reader
 * @param router   maps requests to endpoints
 * @param metrics  the server's counters
 * @param registry the open connections
 * @param clientWaiting whether another client waits for the thread a connection holds ({@code single}):
 *                 the response that begins then says {@code Connection: close} and the connection closes after it
 * @param idleCloseWanted whether an idle kept-alive connection past its idle timeout should be closed (asked by the
 *                 watchdog): always, except in {@code single}, where only when another client waits
 * @param policy   the rules of an HTTP/1.1 exchange, the same for every connection type
 */
public record ConnectionContext(ServerConfig config, ConcurrencyStage stage, Http1RequestParser parser, BodyReader body, Router router,
                                ServerMetrics metrics, ConnectionRegistry registry, BooleanSupplier clientWaiting,
                                BooleanSupplier idleCloseWanted, ExchangePolicy policy) {

    public ConnectionContext {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(parser, "parser");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(router, "router");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(clientWaiting, "clientWaiting");
        Objects.requireNonNull(idleCloseWanted, "idleCloseWanted");
        Objects.requireNonNull(policy, "policy");
    }
}
