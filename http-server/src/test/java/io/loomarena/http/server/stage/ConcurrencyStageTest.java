package io.loomarena.http.server.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.Stage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each stage runs a connection on the kind of thread it claims, named after itself. */
class ConcurrencyStageTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "THREAD_PER_REQUEST, http-thread-per-request-, false, false",
            "THREAD_POOL,        http-thread-pool-,        false, false",
            "VIRTUAL,            http-virtual-,            true,  false",
            "VIRTUAL_CACHED,     http-virtual-cached-,     true,  true"})
    void runsConnectionsOnNamedThreadsOfItsKind(Stage stage, String prefix, boolean virtual, boolean caches)
            throws Exception {
        try (ConcurrencyStage concurrency = ConcurrencyStage.of(ServerConfig.builder(stage).build())) {
            CompletableFuture<Thread> ran = new CompletableFuture<>();
            concurrency.dispatch(() -> ran.complete(Thread.currentThread()));
            Thread thread = ran.get(5, TimeUnit.SECONDS);
            assertThat(thread.getName()).matches(prefix + "\\d+");
            assertThat(thread.isVirtual()).isEqualTo(virtual);
            assertThat(concurrency.stage()).isEqualTo(stage);
            assertThat(concurrency.cachesContent()).isEqualTo(caches);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource("SINGLE_THREADED")
    void singleThreadedRunsTheConnectionOnTheCallingThread(Stage stage) {
        try (ConcurrencyStage concurrency = ConcurrencyStage.of(ServerConfig.builder(stage).build())) {
            Thread[] ran = new Thread[1];
            concurrency.dispatch(() -> ran[0] = Thread.currentThread());
            assertThat(ran[0]).isSameAs(Thread.currentThread());
        }
    }
}
