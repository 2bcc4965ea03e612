package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import io.loomarena.model.ClientModel;

/** Each client model makes threads of its kind, named after it. */
class ClientModelTest {

    @Test
    void virtualClientRunsOnVirtualThreads() throws InterruptedException {
        AtomicBoolean virtual = new AtomicBoolean();
        Thread thread = ClientModel.VIRTUAL.threads(LoadRun.THREAD_NAMES).newThread(() -> virtual.set(Thread.currentThread().isVirtual()));
        thread.start();
        thread.join();

        assertThat(virtual).isTrue();
        assertThat(thread.getName()).startsWith("http-load-virtual-");
    }

    @Test
    void platformClientRunsOnPlatformThreads() {
        Thread thread = ClientModel.PLATFORM.threads(LoadRun.THREAD_NAMES).newThread(() -> { });

        assertThat(thread.isVirtual()).isFalse();
        assertThat(thread.getName()).startsWith("http-load-platform-");
    }
}
