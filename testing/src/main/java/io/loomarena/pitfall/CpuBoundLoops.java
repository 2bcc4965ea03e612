package io.loomarena.pitfall;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * CPU-bound work next to short requests: {@code cpuLoops} loops that each spin for {@code cpuMillis} without ever
 * blocking or yielding, on virtual threads ({@code cpuOn=virtual}) or on platform threads ({@code cpuOn=platform}),
 * and meanwhile {@code shortRequests} short requests, a virtual thread each, started one every {@code intervalMicros}
 * whether or not the earlier ones ran, as /ping requests arrive. A request's wait is from its start to the moment it
 * runs. The virtual
 * scheduler does not preempt: once every carrier runs a spinning virtual thread, a request cannot run before one of
 * the loops ends; platform threads are time-sliced by the OS. It reports the first request's wait, how much of the
 * first loop was left when that request started ({@code sliceLeftNanos}), and the p99 and max wait.
 */
final class CpuBoundLoops implements Pitfall {

    private final int cpuLoops;
    private final int cpuMillis;
    private final int shortRequests;
    private final int intervalMicros;
    private final boolean onVirtual;

    CpuBoundLoops(Map<String, String> settings) {
        cpuLoops = PitfallMain.number(settings, "cpuLoops", 1, 1_000);
        cpuMillis = PitfallMain.number(settings, "cpuMillis", 1, 10_000);
        shortRequests = PitfallMain.number(settings, "shortRequests", 1, 100_000);
        intervalMicros = PitfallMain.number(settings, "intervalMicros", 1, 1_000_000);
        String cpuOn = PitfallMain.require(settings, "cpuOn");
        if (!cpuOn.equals("virtual") && !cpuOn.equals("platform")) {
            throw new IllegalArgumentException("cpuOn=" + cpuOn + " is not virtual or platform");
        }
        onVirtual = cpuOn.equals("virtual");
    }

    @Override
    public List<String> events() {
        return List.of("jdk.VirtualThreadPinned");
    }

    @Override
    public Map<String, Object> run() throws InterruptedException {
        // The loops that can run at once: with virtual threads, one per carrier; all of them must spin before the
        // first request starts, or it could slip in ahead of them.
        int carriers = Integer.getInteger("jdk.virtualThreadScheduler.parallelism",
                Runtime.getRuntime().availableProcessors());
        CountDownLatch spinning = new CountDownLatch(onVirtual ? Math.min(cpuLoops, carriers) : cpuLoops);
        AtomicLong firstLoopEnd = new AtomicLong(Long.MAX_VALUE);
        List<Thread> loops = new ArrayList<>(cpuLoops);
        for (int i = 0; i < cpuLoops; i++) {
            Thread.Builder builder = onVirtual ? Thread.ofVirtual() : Thread.ofPlatform();
            loops.add(builder.name("cpu-loop-" + i).start(() -> {
                spinning.countDown();
                long end = spin(cpuMillis);
                firstLoopEnd.accumulateAndGet(end, Math::min);
            }));
        }
        if (!spinning.await(1, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the CPU-bound loops did not start within a minute");
        }
        long[] waits = new long[shortRequests];
        long[] ranAt = new long[shortRequests];
        List<Thread> requests = new ArrayList<>(shortRequests);
        long firstDue = System.nanoTime();
        long firstStart = firstDue;
        for (int r = 0; r < shortRequests; r++) {
            // Open loop: one request every intervalMicros whether or not the earlier ones ran, as clients do.
            long due = firstDue + TimeUnit.MICROSECONDS.toNanos((long) r * intervalMicros);
            for (long now = System.nanoTime(); now < due; now = System.nanoTime()) {
                LockSupport.parkNanos(due - now);
            }
            long start = System.nanoTime();
            if (r == 0) {
                firstStart = start;
            }
            int request = r;
            requests.add(Thread.ofVirtual().start(() -> ranAt[request] = System.nanoTime()));
            waits[r] = -start;
        }
        for (int r = 0; r < shortRequests; r++) {
            if (!requests.get(r).join(java.time.Duration.ofMinutes(1))) {
                throw new IllegalStateException("a short request did not run within a minute");
            }
            waits[r] += ranAt[r];
        }
        for (Thread loop : loops) {
            loop.join();
        }
        long firstWait = waits[0];
        Arrays.sort(waits);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("cpuLoops", cpuLoops);
        result.put("cpuOn", onVirtual ? "virtual" : "platform");
        result.put("carriers", carriers);
        result.put("shortRequests", shortRequests);
        result.put("intervalMicros", intervalMicros);
        result.put("firstWaitNanos", firstWait);
        result.put("sliceLeftNanos", Math.max(0, firstLoopEnd.get() - firstStart));
        result.put("p99WaitNanos", waits[(int) Math.ceil(waits.length * 0.99) - 1]);
        result.put("maxWaitNanos", waits[waits.length - 1]);
        return result;
    }

    /** Spins on the CPU for {@code millis}, never blocking; returns when it stopped. */
    private static long spin(int millis) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long now = System.nanoTime();
        while (now < end) {
            now = System.nanoTime();
        }
        return now;
    }
}
