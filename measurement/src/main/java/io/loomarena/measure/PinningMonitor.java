package io.loomarena.measure;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * Counts the virtual-thread pinning events of this JVM ({@code jdk.VirtualThreadPinned}: a virtual thread that blocked
 * while it could not unmount from its carrier) with an in-process JFR {@link RecordingStream}, every event, whatever
 * its duration, and keeps how often each stack (its top frames) pinned. One stream per JVM, started once by
 * {@link #startOnce()}. JFR delivers events to the stream about once a second, so a count read right after a run may
 * miss that run's last second. Since JDK 24 a virtual thread no longer pins in {@code synchronized} (JEP 491), so 0
 * is a plausible figure there. Thread-safe: the stream's thread records, any thread reads.
 */
public final class PinningMonitor {

    /** The JFR event counted. */
    public static final String EVENT = "jdk.VirtualThreadPinned";
    /** Frames of a stack kept to tell one pinning site from another. */
    static final int TOP_FRAMES = 4;

    /** Private, so that no other code can hold the lock {@link #startOnce()} takes (the class object is public). */
    private static final Object START_LOCK = new Object();
    private static volatile PinningMonitor instance;

    private final boolean available;
    private final LongAdder events = new LongAdder();
    private final Map<String, LongAdder> byStack = new ConcurrentHashMap<>();

    private PinningMonitor(boolean available) {
        this.available = available;
    }

    /** Starts the JVM's pinning monitor if it is not running yet; never throws (without JFR it reports {@code -1}). */
    public static PinningMonitor startOnce() {
        synchronized (START_LOCK) {
            if (instance == null) {
                instance = start();
            }
            return instance;
        }
    }

    /** The running monitor, or {@code null} when none was started in this JVM. */
    static PinningMonitor current() {
        return instance;
    }

    private static PinningMonitor start() {
        try {
            PinningMonitor monitor = new PinningMonitor(true);
            RecordingStream stream = new RecordingStream();
            stream.enable(EVENT).withThreshold(Duration.ZERO).withStackTrace();
            stream.onEvent(EVENT, monitor::record);
            stream.startAsync();
            return monitor;
        } catch (RuntimeException | LinkageError e) {
            // No JFR in this runtime (or it is disabled): the figures say -1 rather than a false 0.
            return new PinningMonitor(false);
        }
    }

    void record(RecordedEvent event) {
        events.increment();
        byStack.computeIfAbsent(topFrames(event), k -> new LongAdder()).increment();
    }

    /** Pinning events since the monitor started; {@code -1} when JFR is unavailable. */
    public long events() {
        return available ? events.sum() : -1;
    }

    /** The stack that pinned most often, as {@code count x frame <- frame ...}; empty when nothing pinned. */
    public String topStack() {
        return byStack.entrySet().stream()
                .max(Comparator.comparingLong((Map.Entry<String, LongAdder> e) -> e.getValue().sum())
                        .thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
                .map(e -> e.getValue().sum() + " x " + e.getKey()).orElse("");
    }

    private static String topFrames(RecordedEvent event) {
        if (event.getStackTrace() == null) {
            return "(no stack trace)";
        }
        List<RecordedFrame> frames = event.getStackTrace().getFrames();
        return frames.stream().limit(TOP_FRAMES)
                .map(f -> f.getMethod().getType().getName() + "." + f.getMethod().getName() + ":" + f.getLineNumber())
                .collect(Collectors.joining(" <- "));
    }
}
