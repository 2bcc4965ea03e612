package io.loomarena.echo.client;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.Locale;

/** Why an echo session failed; the lower-case name is the key in a run's {@code errors}. */
public enum ErrorKind {
    /** Nothing listened on the address: the connection was refused. */
    REFUSED,
    /** A connect or echo passed its deadline, or the run's overall timeout ended the session. */
    TIMEOUT,
    /** An echoed byte differed from the byte sent. */
    MISMATCH,
    /**
     * The server reset the connection (or a write hit the reset: broken pipe). A channel's read reports it as a
     * {@link SocketException}, its write as a plain {@link IOException} with the system's message.
     */
    RESET,
    /** The server closed the connection before echoing a whole message. */
    EOF,
    /** Any other I/O failure. */
    OTHER;

    /** The key in a run's {@code errors} map, for example {@code refused}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The kind of a session's I/O failure.
     *
     * @param timedOut    whether the session's deadline or the run's overall timeout had passed (then the client
     *                    closed the channel itself, and the failure is whatever that close caused)
     */
    static ErrorKind of(IOException e, boolean timedOut) {
        if (timedOut || e instanceof SocketTimeoutException) {
            return TIMEOUT;
        }
        if (e instanceof ConnectException) {
            return REFUSED;
        }
        if (e instanceof EOFException) {
            return EOF;
        }
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (e instanceof SocketException && message.contains("reset")
                || message.contains("connection reset") || message.contains("broken pipe")) {
            return RESET;
        }
        return OTHER;
    }
}
