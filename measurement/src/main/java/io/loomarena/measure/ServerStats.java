package io.loomarena.measure;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Resource figures of a server process at one instant, read from its own MXBeans and {@code /proc/self}.
 * Immutable. Sizes are bytes, times as named; {@code -1} means the figure is not available on this OS.
 *
 * @param pid           the server process id
 * @param liveThreads   live threads now (platform threads; virtual threads are not counted by the JVM)
 * @param peakThreads   peak live platform threads since start or the last {@link #resetPeaks()}
 * @param heapUsedBytes heap in use now
 * @param rssBytes      resident set size now (VmRSS)
 * @param peakRssBytes  peak resident set size (VmHWM)
 * @param cpuTimeNanos  process CPU time, user + system, all threads
 * @param gcCount       collections so far, all collectors
 * @param gcTimeMillis  time spent in collections so far, all collectors
 * @param counters      model counters (active connections, accepted, bytes echoed, requests, ...)
 * @param peakHeapUsedBytes heap in use at its peak since start or the last {@link #resetPeaks()}: the sum of the heap
 *                          pools' peaks (pools peak at different moments, so this is an upper bound); {@code -1}
 *                          unknown
 * @param pinnedEvents  virtual-thread pinning events since start ({@link PinningMonitor}); {@code -1} without JFR
 * @param pinnedTopStack the stack that pinned most often since start, {@code count x frames}; empty when none
 * @param allocatedBytes heap bytes allocated since start by all threads, live and ended (virtual threads' allocations
 *                       count on their carriers); {@code -1} where the JVM does not provide it
 * @param readings      further cumulative figures by name ({@link #CONTEXT_SWITCHES}); a figure this OS cannot give,
 *                      or an older server did not know, is absent
 * @param implementation the framework serving and its version as read from it at run time, for example
 *                       {@code Spring Boot 4.0.7, Tomcat 11.0.14}; null (and absent from the JSON) for loom-arena's
 *                       own servers, so their stats lines stay as they were; read from {@code framework} too, the
 *                       name a framework module built on branch {@code fw} writes it under
 */
public record ServerStats(long pid, int liveThreads, int peakThreads, long heapUsedBytes, long rssBytes,
                          long peakRssBytes, long cpuTimeNanos, long gcCount, long gcTimeMillis,
                          Map<String, Long> counters, long peakHeapUsedBytes, long pinnedEvents,
                          String pinnedTopStack, long allocatedBytes, Map<String, Long> readings,
                          @JsonInclude(JsonInclude.Include.NON_NULL) @JsonAlias("framework")
                          String implementation) {

    /** Context switches of all the server's threads so far, voluntary and involuntary ({@link ContextSwitches}). */
    public static final String CONTEXT_SWITCHES = "contextSwitches";
    /**
     * The JVM's compilations so far, as the elapsed milliseconds {@link CompilationMXBean} adds up (not CPU time: a
     * compiler thread that waits for the pinned CPU counts too). Compiling during a measured iteration means the JVM
     * was not warm yet there.
     */
    public static final String JIT_MILLIS = "jitMillis";

    public ServerStats {
        // Keeps the server's order, so the stats line and the summaries list counters the same way every time.
        counters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(counters == null ? Map.of() : counters));
        pinnedTopStack = pinnedTopStack == null ? "" : pinnedTopStack;
        readings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(readings == null ? Map.of() : readings));
        implementation = implementation == null || implementation.isBlank() ? null : implementation.strip();
    }

    /** The figures of one of loom-arena's own servers (no {@code implementation}). */
    public ServerStats(long pid, int liveThreads, int peakThreads, long heapUsedBytes, long rssBytes,
                       long peakRssBytes, long cpuTimeNanos, long gcCount, long gcTimeMillis,
                       Map<String, Long> counters, long peakHeapUsedBytes, long pinnedEvents, String pinnedTopStack,
                       long allocatedBytes, Map<String, Long> readings) {
        this(pid, liveThreads, peakThreads, heapUsedBytes, rssBytes, peakRssBytes, cpuTimeNanos, gcCount,
                gcTimeMillis, counters, peakHeapUsedBytes, pinnedEvents, pinnedTopStack, allocatedBytes, readings, null);
    }

    /** The figures without further readings. */
    public ServerStats(long pid, int liveThreads, int peakThreads, long heapUsedBytes, long rssBytes,
                       long peakRssBytes, long cpuTimeNanos, long gcCount, long gcTimeMillis,
                       Map<String, Long> counters, long peakHeapUsedBytes, long pinnedEvents, String pinnedTopStack,
                       long allocatedBytes) {
        this(pid, liveThreads, peakThreads, heapUsedBytes, rssBytes, peakRssBytes, cpuTimeNanos, gcCount,
                gcTimeMillis, counters, peakHeapUsedBytes, pinnedEvents, pinnedTopStack, allocatedBytes, Map.of());
    }

    /** The figures without the allocation count (unknown, {@code -1}). */
    public ServerStats(long pid, int liveThreads, int peakThreads, long heapUsedBytes, long rssBytes,
                       long peakRssBytes, long cpuTimeNanos, long gcCount, long gcTimeMillis,
                       Map<String, Long> counters, long peakHeapUsedBytes, long pinnedEvents, String pinnedTopStack) {
        this(pid, liveThreads, peakThreads, heapUsedBytes, rssBytes, peakRssBytes, cpuTimeNanos, gcCount,
                gcTimeMillis, counters, peakHeapUsedBytes, pinnedEvents, pinnedTopStack, -1);
    }

    /** The figures without peak heap and pinning (both unknown, {@code -1}). */
    public ServerStats(long pid, int liveThreads, int peakThreads, long heapUsedBytes, long rssBytes,
                       long peakRssBytes, long cpuTimeNanos, long gcCount, long gcTimeMillis,
                       Map<String, Long> counters) {
        this(pid, liveThreads, peakThreads, heapUsedBytes, rssBytes, peakRssBytes, cpuTimeNanos, gcCount,
                gcTimeMillis, counters, -1, -1, "");
    }

    /** Reads the figures of this JVM now, for one of loom-arena's own servers. */
    public static ServerStats capture(Map<String, Long> counters) {
        return capture(counters, null);
    }

    /** Reads the figures of this JVM now; {@code implementation} names the framework serving, null for our own. */
    public static ServerStats capture(Map<String, Long> counters, String implementation) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long gcCount = 0;
        long gcTime = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcCount += Math.max(0, gc.getCollectionCount());
            gcTime += Math.max(0, gc.getCollectionTime());
        }
        long cpu = ProcessCpu.nanos();
        Map<String, Long> proc = procStatus();
        PinningMonitor pinning = PinningMonitor.current();
        return new ServerStats(ProcessHandle.current().pid(), threads.getThreadCount(), threads.getPeakThreadCount(),
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
                proc.getOrDefault("VmRSS", -1L), proc.getOrDefault("VmHWM", -1L), cpu, gcCount, gcTime,
                new LinkedHashMap<>(counters), peakHeapUsed(), pinning == null ? -1 : pinning.events(),
                pinning == null ? "" : pinning.topStack(), allocatedBytes(threads), furtherReadings(), implementation);
    }

    /** The further readings this OS gives. */
    private static Map<String, Long> furtherReadings() {
        Map<String, Long> readings = new LinkedHashMap<>();
        ContextSwitches.total().ifPresent(total -> readings.put(CONTEXT_SWITCHES, total));
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit != null && jit.isCompilationTimeMonitoringSupported()) {
            readings.put(JIT_MILLIS, jit.getTotalCompilationTime());
        }
        return readings;
    }

    private static long allocatedBytes(ThreadMXBean threads) {
        try {
            return threads instanceof com.sun.management.ThreadMXBean hotspot
                    && hotspot.isThreadAllocatedMemorySupported() && hotspot.isThreadAllocatedMemoryEnabled()
                    ? hotspot.getTotalThreadAllocatedBytes() : -1;
        } catch (UnsupportedOperationException e) {
            // A JVM without per-thread allocation accounting: the summary says "unknown".
            return -1;
        }
    }

    /** Starts a new peak measurement window (for per-run peaks): peak threads and the heap pools' peaks. */
    public static void resetPeaks() {
        ManagementFactory.getThreadMXBean().resetPeakThreadCount();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                pool.resetPeakUsage();
            }
        }
    }

    private static long peakHeapUsed() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid() && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /** VmRSS and VmHWM from /proc/self/status in bytes; empty where /proc does not exist. */
    private static Map<String, Long> procStatus() {
        Map<String, Long> values = new LinkedHashMap<>();
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/self/status"));
            for (String line : lines) {
                if (line.startsWith("VmRSS:") || line.startsWith("VmHWM:")) {
                    String[] parts = line.split("\\s+");
                    values.put(line.substring(0, 5), Long.parseLong(parts[1]) * 1024);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or /proc is unreadable: the figures stay -1 and the summary says so.
        }
        return values;
    }
}
