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
    /** A connect or read gave up after its timeout, or the run's overall timeout ended the session. */
    TIMEOUT,
    /** An echoed byte differed from the byte sent. */
    MISMATCH,
    /** The server reset the connection (or a write hit the reset: broken pipe). */
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
     * @param runTimedOut whether the run's overall timeout had passed (then the client closed the socket itself)
     */
    static ErrorKind of(IOException e, boolean runTimedOut) {
        if (runTimedOut || e instanceof SocketTimeoutException) {
            return TIMEOUT;
        }
        if (e instanceof ConnectException) {
            return REFUSED;
        }
        if (e instanceof EOFException) {
            return EOF;
        }
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (e instanceof SocketException && (message.contains("reset") || message.contains("broken pipe"))) {
            return RESET;
        }
        return OTHER;
    }
}
