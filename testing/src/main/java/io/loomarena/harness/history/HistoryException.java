package io.loomarena.harness.history;

/**
 * The history could not be opened, read or written: a corrupt or foreign file, a schema newer than this code, an
 * unreachable database. The message is one line that names the file or database and says what to do; no stack trace
 * is recorded, since the cause is the user's setup, not a bug.
 */
public final class HistoryException extends RuntimeException {

    public HistoryException(String message) {
        super(message, null, false, false);
    }
}
