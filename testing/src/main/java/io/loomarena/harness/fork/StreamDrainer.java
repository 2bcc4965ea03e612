package io.loomarena.harness.fork;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * Reads one output stream of a child process to its end on its own daemon platform thread, so that the child never
 * blocks on a full pipe. It keeps the last {@code tailLines} lines for failure messages and hands every line to a
 * listener (which must not block). Nothing is printed: output is only shown when something fails.
 */
public final class StreamDrainer {

    /** Lines longer than this are cut in the tail, so that a runaway child cannot fill the harness's heap. */
    static final int MAX_LINE_CHARS = 4_000;

    /** Guards {@link #tail}; private, so that no holder of this drainer can take the lock (or wait on it). */
    private final Object tailLock = new Object();
    private final Deque<String> tail = new ArrayDeque<>();
    private final int tailLines;
    private final Thread thread;

    private StreamDrainer(String threadName, InputStream stream, int tailLines, Consumer<String> listener) {
        this.tailLines = tailLines;
        this.thread = Thread.ofPlatform().name(threadName).daemon(true).unstarted(() -> drain(stream, listener));
    }

    /** Starts draining {@code stream} on a thread named {@code threadName}. */
    public static StreamDrainer start(String threadName, InputStream stream, int tailLines, Consumer<String> listener) {
        StreamDrainer drainer = new StreamDrainer(threadName, stream, tailLines, listener);
        drainer.thread.start();
        return drainer;
    }

    private void drain(InputStream stream, Consumer<String> listener) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                remember(line);
                listener.accept(line);
            }
        } catch (IOException e) {
            // The pipe was closed under us because the child was killed: what was read is all there is.
            remember("[harness: stream closed: " + e.getMessage() + "]");
        }
    }

    private void remember(String line) {
        synchronized (tailLock) {
            tail.addLast(line.length() > MAX_LINE_CHARS ? line.substring(0, MAX_LINE_CHARS) + "..." : line);
            while (tail.size() > tailLines) {
                tail.removeFirst();
            }
        }
    }

    /** The last lines read so far, joined with newlines. */
    public String tail() {
        synchronized (tailLock) {
            return String.join(System.lineSeparator(), tail);
        }
    }

    /** Waits (bounded) until the stream has been read to its end, after the child exited. */
    public void awaitEnd(Duration timeout) {
        try {
            thread.join(timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
