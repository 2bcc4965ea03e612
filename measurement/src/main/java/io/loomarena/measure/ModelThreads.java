package io.loomarena.measure;

import java.util.concurrent.ThreadFactory;

/**
 * Thread factories named after their model and role ({@code echo-virtual-17}), so a thread dump or a test can tell
 * which model a thread belongs to. Factories are thread-safe and may be shared.
 */
public final class ModelThreads {

    private ModelThreads() {
    }

    /**
     * A factory of threads named {@code prefix-N}, N counting from 0.
     *
     * @param prefix  the name prefix, for example {@code echo-virtual}
     * @param virtual whether the threads are virtual (otherwise platform, non-daemon)
     */
    public static ThreadFactory factory(String prefix, boolean virtual) {
        if (virtual) {
            return Thread.ofVirtual().name(prefix + "-", 0).factory();
        }
        // A platform thread records its context switches as it ends (ContextSwitches): a connection's thread ends
        // before the server is asked for its figures after an iteration, and its switches must still count.
        ThreadFactory platform = Thread.ofPlatform().name(prefix + "-", 0).factory();
        return task -> platform.newThread(ContextSwitches.countedAtEnd(task));
    }

    /** A single named platform thread, for an accept loop or another long-lived role. */
    public static Thread platform(String name, Runnable task) {
        return Thread.ofPlatform().name(name).unstarted(ContextSwitches.countedAtEnd(task));
    }
}
