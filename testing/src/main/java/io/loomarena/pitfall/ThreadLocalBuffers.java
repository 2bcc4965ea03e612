package io.loomarena.pitfall;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Buffers cached per thread against a shared pool: {@code threads} virtual threads each fill a buffer of
 * {@code bufferBytes}, taken from a {@code ThreadLocal} ({@code buffers=threadlocal}, the habit from pools of
 * platform threads, where a thread serves many requests) or borrowed from a pool of {@code poolSize} buffers and
 * given back ({@code buffers=pool}); then every thread waits, alive, as a connection between requests does. With a
 * virtual thread per task, a thread-local buffer is one buffer per thread, kept as long as the thread lives. It
 * reports how many buffers were made and the heap in use (after a full collection) with every thread waiting, against
 * the same before the threads started.
 */
final class ThreadLocalBuffers implements Pitfall {

    private final int threads;
    private final int bufferBytes;
    private final int poolSize;
    private final boolean threadLocal;
    private final AtomicLong made = new AtomicLong();

    ThreadLocalBuffers(Map<String, String> settings) {
        threads = PitfallMain.number(settings, "threads", 1, 100_000);
        bufferBytes = PitfallMain.number(settings, "bufferBytes", 1, 1 << 20);
        poolSize = PitfallMain.number(settings, "poolSize", 1, 10_000);
        String buffers = PitfallMain.require(settings, "buffers");
        if (!buffers.equals("threadlocal") && !buffers.equals("pool")) {
            throw new IllegalArgumentException("buffers=" + buffers + " is not threadlocal or pool");
        }
        threadLocal = buffers.equals("threadlocal");
    }

    @Override
    public List<String> events() {
        return List.of("jdk.VirtualThreadPinned");
    }

    @Override
    public Map<String, Object> run() throws InterruptedException {
        ThreadLocal<byte[]> cached = ThreadLocal.withInitial(this::newBuffer);
        BlockingQueue<byte[]> pool = new ArrayBlockingQueue<>(poolSize);
        for (int i = 0; i < poolSize && !threadLocal; i++) {
            pool.add(newBuffer());
        }
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long before = heapAfterCollection(memory);
        CountDownLatch filled = new CountDownLatch(threads);
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            int value = t;
            started.add(Thread.ofVirtual().start(() -> {
                try {
                    if (threadLocal) {
                        fill(cached.get(), value);
                    } else {
                        byte[] buffer = pool.take();
                        fill(buffer, value);
                        pool.add(buffer);
                    }
                    filled.countDown();
                    // Alive between requests, as a connection's thread is; bounded, and the run fails on its own
                    // if the main thread never releases it.
                    if (!release.await(2, TimeUnit.MINUTES)) {
                        throw new IllegalStateException("not released within two minutes");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        if (!filled.await(2, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the threads did not fill their buffers within two minutes");
        }
        long during = heapAfterCollection(memory);
        release.countDown();
        for (Thread thread : started) {
            thread.join();
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("threads", threads);
        result.put("bufferBytes", bufferBytes);
        result.put("buffers", threadLocal ? "threadlocal" : "pool");
        result.put("poolSize", poolSize);
        result.put("buffersMade", made.get());
        result.put("heapBeforeBytes", before);
        result.put("heapWaitingBytes", during);
        return result;
    }

    private byte[] newBuffer() {
        made.incrementAndGet();
        return new byte[bufferBytes];
    }

    private static void fill(byte[] buffer, int value) {
        java.util.Arrays.fill(buffer, (byte) value);
    }

    /** The heap in use after a full collection: what is reachable, not what is garbage yet. */
    private static long heapAfterCollection(MemoryMXBean memory) {
        System.gc();
        return memory.getHeapMemoryUsage().getUsed();
    }
}
