package io.loomarena.http.server.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import org.junit.jupiter.api.Test;

import io.loomarena.http.server.BundledContent;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.ServerMetrics;
import io.loomarena.http.server.db.Database;
import io.loomarena.http.server.endpoint.BlockingWork;
import io.loomarena.http.server.endpoint.CacheControl;
import io.loomarena.http.server.endpoint.DbEndpoint;
import io.loomarena.http.server.endpoint.DiskContent;
import io.loomarena.http.server.endpoint.Docroot;
import io.loomarena.http.server.endpoint.FanoutEndpoint;
import io.loomarena.http.server.endpoint.MetricsEndpoint;
import io.loomarena.http.server.endpoint.Router;
import io.loomarena.http.server.protocol.BodyReader;
import io.loomarena.http.server.protocol.Http1RequestParser;
import io.loomarena.http.server.stage.ConcurrencyStage;
import io.loomarena.model.ServerModel;

/** The blocking connection's refusal of a connection the stage cannot take, over a real socket pair. */
class BlockingConnectionTest {

    @Test
    void aConnectionTheStageCannotTakeIsAnswered503AndClosedThroughTheOneErrorPath() throws Exception {
        ServerConfig config = ServerConfig.builder(ServerModel.POOL).build();
        ServerMetrics metrics = new ServerMetrics();
        ConcurrencyStage full = new ConcurrencyStage() {
            @Override
            public ServerModel model() {
                return ServerModel.POOL;
            }

            @Override
            public void dispatch(Runnable connection) {
                throw new RejectedExecutionException("queue full");
            }
        };
        ConnectionRegistry registry = new ConnectionRegistry("http-test", config.writeTimeout().toMillis());
        Http1RequestParser parser = new Http1RequestParser(config.limits());
        try (var downstreamCalls = Executors.newVirtualThreadPerTaskExecutor();
             ServerSocketChannel listener = ServerSocketChannel.open()
                     .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             Socket client = new Socket(InetAddress.getLoopbackAddress(), listener.socket().getLocalPort())) {
            Router router = new Router(new DiskContent(BundledContent.dataFile(), new Docroot(BundledContent.docroot()),
                    CacheControl.staticContent(0)),
                    new BlockingWork(), new FanoutEndpoint(URI.create("http://127.0.0.1:9/io"), Duration.ofSeconds(1),
                    downstreamCalls), new DbEndpoint(Database.start(config.database()), downstreamCalls),
                    new MetricsEndpoint(metrics, config.model()));
            ConnectionContext context = new ConnectionContext(config, full, parser,
                    new BodyReader(config.limits().maxBody(), parser.headerParser()), router, metrics, registry,
                    () -> false, () -> true, ExchangePolicy.of(config));
            client.setSoTimeout(5_000);
            SocketChannel accepted = listener.accept();

            full.serve(accepted, context);

            String answer = readToEnd(client.getInputStream());
            assertThat(answer).startsWith("HTTP/1.1 503 Service Unavailable\r\n").contains("Connection: close\r\n")
                    .endsWith("\r\n\r\nserver at capacity\n");
            assertThat(accepted.isOpen()).isFalse();
            assertThat(metrics.rejected()).isEqualTo(1);
            assertThat(metrics.responsesByStatus()).containsEntry(503, 1L);
            assertThat(metrics.activeConnections()).isZero();
            assertThat(registry.size()).isZero();
        } finally {
            registry.close();
        }
    }

    /** Everything until the server closes (the read times out after 5 s if it never does). */
    private static String readToEnd(InputStream in) throws Exception {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        return all.toString(StandardCharsets.ISO_8859_1);
    }
}
