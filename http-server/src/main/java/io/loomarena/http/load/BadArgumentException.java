package io.loomarena.http.load;

/**
 * A command-line value the {@code load} command cannot use. Its message is one line that names the option, the value
 * and what is allowed; the command prints it as is and exits with status 2.
 */
public final class BadArgumentException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public BadArgumentException(String message) {
        super(message);
    }

    /** {@code --option value: what is allowed}. */
    static BadArgumentException of(String option, String value, String allowed) {
        return new BadArgumentException(option + " " + value + ": " + allowed);
    }
}
