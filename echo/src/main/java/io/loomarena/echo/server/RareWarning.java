package io.loomarena.echo.server;

import java.time.Duration;
import java.time.ZoneId;

/**
 * A warning about something that may happen thousands of times a second during a connection flood (an accept that
 * fails with "too many open files", a connection closed because the pool's queue is full), written at most once per
 * {@link #INTERVAL} with the number of occurrences since the previous line, and never throwing: logging itself can
 * fail while the process is out of file descriptors, and must not end the accept loop, so such a failure is dropped.
 * Used by one thread (the accept loop).
 */
final class RareWarning {

    /** At most one log line per this interval. */
    static final Duration INTERVAL = Duration.ofSeconds(10);

    private static final System.Logger LOG = System.getLogger(RareWarning.class.getName());

    static {
        // The default log format stamps each line with the local time, and the JDK reads its time-zone data file on
        // first use. Read it now, when the accept loop starts: while a flood exhausts the file descriptors that read
        // fails, and its failure would break every later log line of the process.
        try {
            ZoneId.systemDefault().getRules();
        } catch (RuntimeException | LinkageError e) {
            // No time-zone data at all: the log lines will say so themselves, if they can be written.
        }
    }

    private final String what;
    private long total;
    private long sinceLastLine;
    private long lastLineNanos;
    private boolean written;

    /** @param what what happened, as the start of the line, for example {@code echo pool: accept failed} */
    RareWarning(String what) {
        this.what = what;
    }

    /** Counts one occurrence; writes a line, with {@code detail}, if none was written in the last {@link #INTERVAL}. */
    void occurred(String detail) {
        total++;
        sinceLastLine++;
        long now = System.nanoTime();
        if (!written || now - lastLineNanos >= INTERVAL.toNanos()) {
            warn(what + (written ? " (" + sinceLastLine + " times since the last such line)" : "") + ": " + detail);
            written = true;
            lastLineNanos = now;
            sinceLastLine = 0;
        }
    }

    /** Occurrences since this warning was created. */
    long total() {
        return total;
    }

    /** Logs a warning, dropping it if logging itself fails (see the class comment). */
    static void warn(String message) {
        try {
            LOG.log(System.Logger.Level.WARNING, message);
        } catch (RuntimeException | LinkageError e) {
            // The logger could not format or write the line, most likely for want of a file descriptor: the
            // server keeps running without this line rather than lose its accept loop.
        }
    }
}
