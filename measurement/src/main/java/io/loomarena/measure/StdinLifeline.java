package io.loomarena.measure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A JVM started with {@code -Dloomarena.stdinLifeline=true} ends when its stdin ends. The harness runs servers and
 * clients on other hosts over ssh, and there the only sign that the harness is gone (stopped, crashed, its machine
 * lost) is the end of the remote JVM's stdin, which ssh closes when its local end closes: without this, a remote JVM
 * would run on, a server holding its port, a client loading a server nobody measures.
 * <ul>
 * <li>A server ({@link StatsOnStdin}) stops as on SIGTERM, {@link System#exit} running its shutdown hook, which closes
 * it gracefully and sets its exit status.</li>
 * <li>A paced client ({@link IterationLoop.IterationPacer#onStdio}) prints {@value #CLIENT_STOPPING} on stderr and
 * exits with {@value #EXIT_STDIN_CLOSED} at once, also in the middle of an iteration: one reader thread takes stdin's
 * lines and hands them to the pacer, so the end is seen whatever the client is doing.</li>
 * </ul>
 * Without the property nothing changes: a server started by hand keeps serving when its stdin ends.
 */
public final class StdinLifeline {

    /** The system property that turns it on. */
    public static final String PROPERTY = "loomarena.stdinLifeline";
    /** The one stderr line of a client whose stdin ended. */
    public static final String CLIENT_STOPPING = "stdin closed: the harness is gone, stopping";
    /** A client's exit status when its stdin ended: that of a client whose work failed in both jars. */
    public static final int EXIT_STDIN_CLOSED = 1;

    private StdinLifeline() {
    }

    /** Whether this JVM was started with {@code -Dloomarena.stdinLifeline=true}. */
    public static boolean enabled() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** The next line of input, or null at its end. */
    @FunctionalInterface
    interface Lines {
        String next() throws IOException;
    }

    /**
     * Starts one daemon thread {@code stdin-lifeline} that reads {@code in} to its end (or a read error) and then runs
     * {@code atEnd}; the lines it read come out of the returned {@link Lines}, in order, then null.
     */
    static Lines watch(BufferedReader in, Runnable atEnd) {
        BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();
        Thread reader = ModelThreads.platform("stdin-lifeline", () -> {
            try {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(Optional.of(line));
                }
            } catch (IOException e) {
                // unreadable stdin: the harness is just as gone
            } finally {
                atEnd.run();
                lines.add(Optional.empty());
            }
        });
        reader.setDaemon(true);
        reader.start();
        return () -> {
            try {
                return lines.take().orElse(null);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for a line on stdin");
            }
        };
    }

    /** What a client does when its stdin ends: one line, and exit now. */
    static void stopClient() {
        System.err.println(CLIENT_STOPPING);
        System.err.flush();
        System.exit(EXIT_STDIN_CLOSED);
    }

    /** What a server does when its stdin ends: the graceful stop of SIGTERM (its shutdown hook sets the status). */
    static void stopServer() {
        System.exit(0);
    }
}
