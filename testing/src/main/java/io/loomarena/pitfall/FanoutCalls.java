package io.loomarena.pitfall;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Requests that fan out to a slow downstream: {@code requests} tasks, each making {@code calls} blocking calls of
 * {@code callMillis} in a row (the seed's /fanout: 3 calls of 10 ms), on a fixed pool of {@code poolSize} platform
 * threads ({@code executor=pool}) or on a virtual thread each ({@code executor=virtual}). A pool thread is held for
 * the whole request, so the pool cannot serve more than poolSize / (calls x callMillis) requests per second; virtual
 * threads release their carrier while they wait. The calls block in {@code TimeUnit.sleep}, which parks like a
 * socket read does, so that the downstream's own speed is not part of the figure. The most requests in flight at
 * once ({@code peakInFlight}) tells the two apart on any machine: at most the pool's size on the pool.
 */
final class FanoutCalls implements Pitfall {

    private static final int MAX_REQUESTS = 100_000;

    private final int requests;
    private final int calls;
    private final int callMillis;
    private final int poolSize;
    private final boolean virtual;

    FanoutCalls(Map<String, String> settings) {
        requests = PitfallMain.number(settings, "requests", 1, MAX_REQUESTS);
        calls = PitfallMain.number(settings, "calls", 1, 100);
        callMillis = PitfallMain.number(settings, "callMillis", 1, 1_000);
        poolSize = PitfallMain.number(settings, "poolSize", 1, 10_000);
        String executor = PitfallMain.require(settings, "executor");
        if (!executor.equals("pool") && !executor.equals("virtual")) {
            throw new IllegalArgumentException("executor=" + executor + " is not pool or virtual");
        }
        virtual = executor.equals("virtual");
    }

    @Override
    public List<String> events() {
        return List.of("jdk.VirtualThreadPinned");
    }

    @Override
    public Map<String, Object> run() throws Exception {
        PlatformThreads platform = PlatformThreads.resetPeak();
        BlockedAtOnce inFlight = new BlockedAtOnce();
        long start = System.nanoTime();
        try (ExecutorService executor = virtual ? Executors.newVirtualThreadPerTaskExecutor()
                : Executors.newFixedThreadPool(poolSize)) {
            List<Future<?>> answers = new ArrayList<>(requests);
            for (int i = 0; i < requests; i++) {
                answers.add(executor.submit(() -> request(inFlight)));
            }
            for (Future<?> answer : answers) {
                answer.get(1, TimeUnit.MINUTES);
            }
        }
        long elapsed = System.nanoTime() - start;
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("requests", requests);
        result.put("executor", virtual ? "virtual" : "pool");
        result.put("elapsedNanos", elapsed);
        result.put("peakPlatformThreads", platform.peak());
        result.put("peakInFlight", inFlight.peak());
        return result;
    }

    private Void request(BlockedAtOnce inFlight) throws InterruptedException {
        inFlight.enter();
        try {
            for (int call = 0; call < calls; call++) {
                TimeUnit.MILLISECONDS.sleep(callMillis);
            }
        } finally {
            inFlight.leave();
        }
        return null;
    }
}
