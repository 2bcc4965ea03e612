package io.loomarena.echo.server;

import java.io.IOException;
import java.time.Duration;
import java.time.ZoneId;

/**
 * The accept loop's record of failed accepts (typically "too many open files" during a connection flood), logged
 * without flooding the log and without ever throwing: at most one line per {@link #LOG_INTERVAL}, counting the
 * failures since the previous line. Logging itself can fail while the process is out of file descriptors, and must
 * not end the accept loop, so such a failure is dropped. Used by the accept loop's thread only.
 */
final class AcceptFailures {

    /** At most one log line per this interval while accepts fail. */
    static final Duration LOG_INTERVAL = Duration.ofSeconds(10);

    private static final System.Logger LOG = System.getLogger(AcceptFailures.class.getName());

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

    private final String server;
    private long total;
    private long sinceLastLine;
    private long lastLineNanos;
    private boolean logged;

    AcceptFailures(String server) {
        this.server = server;
    }

    /** Notes a failed accept; writes a line if none was written in the last {@link #LOG_INTERVAL}. */
    void failed(IOException e) {
        total++;
        sinceLastLine++;
        long now = System.nanoTime();
        if (!logged || now - lastLineNanos >= LOG_INTERVAL.toNanos()) {
            warn(server + ": " + sinceLastLine + (sinceLastLine == 1 ? " accept" : " accepts") + " failed"
                    + (logged ? " since the last such line" : "") + ", retrying (connections wait in the listen"
                    + " backlog meanwhile): " + e.getMessage());
            logged = true;
            lastLineNanos = now;
            sinceLastLine = 0;
        }
    }

    /** Failed accepts since the server started. */
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
