package io.loomarena.http.server.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import io.loomarena.http.server.ServerConfig;
import io.loomarena.model.ServerModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each model's stage runs a connection on the kind of thread the model claims, named after it. */
class ConcurrencyStageTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "PLATFORM, http-platform-, false",
            "POOL,     http-pool-,     false",
            "VIRTUAL,  http-virtual-,  true"})
    void runsConnectionsOnNamedThreadsOfItsKind(ServerModel model, String prefix, boolean virtual) throws Exception {
        ServerConfig config = ServerConfig.builder(model).build();
        try (ConcurrencyStage concurrency = ConcurrencyStage.of(config);
             ExecutorService downstream = concurrency.downstreamCalls(factory -> factory)) {
            CompletableFuture<Thread> ran = new CompletableFuture<>();
            concurrency.dispatch(() -> ran.complete(Thread.currentThread()));
            Thread thread = ran.get(5, TimeUnit.SECONDS);
            assertThat(thread.getName()).matches(prefix + "\\d+");
            assertThat(thread.isVirtual()).isEqualTo(virtual);
            assertThat(concurrency.model()).isEqualTo(model);
            Thread call = downstream.submit(Thread::currentThread).get(5, TimeUnit.SECONDS);
            assertThat(call.getName()).startsWith(prefix + "downstream-");
            assertThat(call.isVirtual()).isEqualTo(virtual);
            assertThat(concurrency.servesOnAcceptor()).isFalse();
        }
        assertThat(config.idleTimeout()).isEqualTo(ServerConfig.DEFAULT_IDLE_TIMEOUT);
        assertThat(config.maxRequestsPerConnection()).isEqualTo(ServerConfig.DEFAULT_MAX_REQUESTS_PER_CONNECTION);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource("SINGLE")
    void singleRunsTheConnectionOnTheAcceptorWithShortIdleConnections(ServerModel model) {
        ServerConfig config = ServerConfig.builder(model).build();
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
