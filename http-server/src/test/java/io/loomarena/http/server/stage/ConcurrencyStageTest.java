package io.loomarena.http.server.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.Stage;
import io.loomarena.http.server.endpoint.CachedContent;
import io.loomarena.http.server.endpoint.DiskContent;
import io.loomarena.http.server.endpoint.Docroot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each stage runs a connection on the kind of thread it claims, named after itself, and owns what sets it apart. */
class ConcurrencyStageTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "THREAD_PER_REQUEST, http-thread-per-request-, false, false",
            "THREAD_POOL,        http-thread-pool-,        false, false",
            "VIRTUAL,            http-virtual-,            true,  false",
            "VIRTUAL_CACHED,     http-virtual-cached-,     true,  true"})
    void runsConnectionsOnNamedThreadsOfItsKind(Stage stage, String prefix, boolean virtual, boolean caches)
            throws Exception {
        Path data = Files.writeString(dir.resolve("data.json"), "{}");
        try (ConcurrencyStage concurrency = ConcurrencyStage.of(ServerConfig.builder(stage).build());
             ExecutorService downstream = concurrency.downstreamCalls(factory -> factory)) {
            CompletableFuture<Thread> ran = new CompletableFuture<>();
            concurrency.dispatch(() -> ran.complete(Thread.currentThread()));
            Thread thread = ran.get(5, TimeUnit.SECONDS);
            assertThat(thread.getName()).matches(prefix + "\\d+");
            assertThat(thread.isVirtual()).isEqualTo(virtual);
            assertThat(concurrency.stage()).isEqualTo(stage);
            assertThat(concurrency.content(data, new Docroot(dir)))
                    .isInstanceOf(caches ? CachedContent.class : DiskContent.class);
            Thread call = downstream.submit(Thread::currentThread).get(5, TimeUnit.SECONDS);
            assertThat(call.getName()).startsWith(prefix + "downstream-");
            assertThat(call.isVirtual()).isEqualTo(virtual);
            assertThat(concurrency.servesOnAcceptor()).isFalse();
            assertThat(ConcurrencyStage.defaults(stage)).isEqualTo(ConcurrencyStage.Defaults.STANDARD);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource("SINGLE_THREADED")
    void singleThreadedRunsTheConnectionOnTheAcceptorWithShortIdleConnections(Stage stage) {
        ServerConfig config = ServerConfig.builder(stage).build();
        try (ConcurrencyStage concurrency = ConcurrencyStage.of(config)) {
            Thread[] ran = new Thread[1];
            concurrency.dispatch(() -> ran[0] = Thread.currentThread());
            assertThat(ran[0]).isSameAs(Thread.currentThread());
            assertThat(concurrency.servesOnAcceptor()).isTrue();
        }
        assertThat(config.idleTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.maxRequestsPerConnection()).isEqualTo(100);
    }
}
