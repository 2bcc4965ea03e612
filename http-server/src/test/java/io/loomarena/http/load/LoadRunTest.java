package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The start hook of one {@link LoadRun}: what an iteration pacer does there is not timed, and may call the run off. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LoadRunTest {

    private static LoadConfig config(TinyHttpServer server, String client) {
        return new LoadArguments(client, server.url("/ping"), "3", "30", null, null, null, false, null, null, false,
                false, List.of()).toConfig();
    }

    @Test
    void theStartHookRunsOnceEveryThreadIsReadyAndBeforeTheClockStarts() throws Exception {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            long[] hookReturned = new long[1];
            Instant[] hookReturnedAt = new Instant[1];
            long[] requestsAtHook = {-1};

            LoadRun.Outcome outcome = new LoadRun(config(server, "virtual")).execute(() -> {
                requestsAtHook[0] = server.requests();
                // a harness that takes its time to answer 'go': none of it may count in the run's elapsed time
                LoadRun.parkUntil(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100));
                hookReturnedAt[0] = Instant.now();
                hookReturned[0] = System.nanoTime();
            });
            long returned = System.nanoTime();

            assertThat(requestsAtHook[0]).isZero();
            assertThat(outcome.failure()).isNull();
            assertThat(outcome.total().successes()).isEqualTo(30);
            assertThat(outcome.startedAt()).isAfterOrEqualTo(hookReturnedAt[0]);
            assertThat(outcome.elapsedNanos()).as("the hook is not timed")
                    .isLessThanOrEqualTo(returned - hookReturned[0]);
        }
    }

    @Test
    void aStartHookThatThrowsCallsTheRunOffWithoutSendingAndLeavesNoThreadWaiting() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            for (String client : List.of("virtual", "platform")) {
                LoadRun run = new LoadRun(config(server, client));

                assertThatThrownBy(() -> run.execute(() -> {
                    throw new IllegalStateException("the harness is gone");
                })).isInstanceOf(IllegalStateException.class).hasMessage("the harness is gone");
                assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
                        .noneMatch(name -> name.startsWith("http-load-platform"));
            }
            assertThat(server.requests()).isZero();
            assertThat(server.connections()).isZero();
        }
    }
}
