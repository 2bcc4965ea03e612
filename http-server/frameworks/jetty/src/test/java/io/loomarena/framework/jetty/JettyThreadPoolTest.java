package io.loomarena.framework.jetty;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.loomarena.framework.support.FrameworkConfig;
import io.loomarena.framework.support.FrameworkThreads;
import org.eclipse.jetty.util.component.LifeCycle;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ThreadPool;
import org.eclipse.jetty.util.thread.VirtualThreadPool;
import org.junit.jupiter.api.Test;

/** {@code --threads} picks Jetty's pool as the rows say, and a virtual row's tasks really run on virtual threads. */
class JettyThreadPoolTest {

    private static FrameworkConfig config(FrameworkThreads threads, int poolSize) {
        FrameworkConfig defaults = FrameworkConfig.defaults(threads);
        return new FrameworkConfig(threads, defaults.host(), 0, poolSize, true, null, defaults.downstreamTimeout(),
                defaults.database());
    }

    private static Thread runOn(ThreadPool pool) throws Exception {
        LifeCycle.start(pool);
        try {
            CompletableFuture<Thread> ran = new CompletableFuture<>();
            pool.execute(() -> ran.complete(Thread.currentThread()));
            return ran.get(30, TimeUnit.SECONDS);
        } finally {
            LifeCycle.stop(pool);
        }
    }

    @Test
    void virtualIsAVirtualThreadPoolWithNoBoundUnlessGivenOne() throws Exception {
        ThreadPool unbounded = JettyMain.threadPool(FrameworkConfig.defaults(FrameworkThreads.VIRTUAL));
        ThreadPool bounded = JettyMain.threadPool(config(FrameworkThreads.VIRTUAL, 50));

        assertThat(unbounded).isInstanceOf(VirtualThreadPool.class);
        assertThat(((VirtualThreadPool) unbounded).getMaxConcurrentTasks()).isZero();
        assertThat(((VirtualThreadPool) bounded).getMaxConcurrentTasks()).isEqualTo(50);
        Thread thread = runOn(unbounded);
        assertThat(thread.isVirtual()).isTrue();
        assertThat(thread.getName()).startsWith("jetty-virtual");
    }

    @Test
    void platformIsAQueuedThreadPoolOf200UnlessSized() throws Exception {
        ThreadPool standard = JettyMain.threadPool(FrameworkConfig.defaults(FrameworkThreads.PLATFORM));
        ThreadPool sized = JettyMain.threadPool(config(FrameworkThreads.PLATFORM, 8));

        assertThat(standard).isInstanceOf(QueuedThreadPool.class);
        assertThat(((QueuedThreadPool) standard).getMaxThreads()).isEqualTo(200);
        assertThat(((QueuedThreadPool) sized).getMaxThreads()).isEqualTo(8);
        Thread thread = runOn(standard);
        assertThat(thread.isVirtual()).isFalse();
        assertThat(thread.getName()).startsWith("jetty-queued");
    }
}
