package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;

class PinningMonitorTest {

    /** Class initialisation that parks: a virtual thread inside {@code <clinit>} cannot unmount, so it pins. */
    static final class ParksWhileInitialising {
        static {
            LockSupport.parkNanos(Duration.ofMillis(30).toNanos());
        }

        static void touch() {
        }
    }

    @Test
    void countsAVirtualThreadThatPinnedAndNamesItsStack() throws Exception {
        PinningMonitor monitor = PinningMonitor.startOnce();
        long before = monitor.events();

        Thread.ofVirtual().start(ParksWhileInitialising::touch).join();

        assertThat(before).isGreaterThanOrEqualTo(0);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(monitor.events()).isGreaterThan(before);
            assertThat(monitor.topStack()).matches("\\d+ x .+");
        });
    }
}
