package io.loomarena.cli;

/**
 * A command-line value a command cannot use. Its message is one line in the style every command of both jars uses,
 * {@code invalid <option> '<value>': <why> (allowed: <what is>)}, and {@link CommandLineErrors} prints it after the
 * command's name, with a line pointing at {@code --help}, and exits with status 2.
 */
public class BadArgumentException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public BadArgumentException(String message) {
        super(message);
    }

    /**
     * {@code invalid <option> '<value>': <why> (allowed: <allowed>)}.
     *
     * @param why what is wrong with the value, or null when {@code allowed} says it all
     * @param allowed what the option accepts, or null when nothing else would do (a host that does not resolve)
     */
    public static BadArgumentException invalid(String option, String value, String why, String allowed) {
        return new BadArgumentException("invalid " + option + " '" + value + "'" + (why == null ? "" : ": " + why)
                + (allowed == null ? "" : " (allowed: " + allowed + ")"));
    }

    /** {@code missing <option> (allowed: <allowed>)}: a required option was not given. */
    public static BadArgumentException missing(String option, String allowed) {
        return new BadArgumentException("missing " + option + (allowed == null ? "" : " (allowed: " + allowed + ")"));
    }

    /** A whole number from {@code min} to {@code max}, written in {@code text}; the allowed range otherwise. */
    public static long wholeNumber(String option, String text, long min, long max) {
        String allowed = min + ".." + max;
        long value;
        try {
            value = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw invalid(option, text, "not a whole number", allowed);
        }
        if (value < min || value > max) {
            throw invalid(option, text, "out of range", allowed);
        }
        return value;
    }

    /** {@link #wholeNumber} for an {@code int} option. */
    public static int wholeNumber(String option, String text, int min, int max) {
        return (int) wholeNumber(option, text, (long) min, (long) max);
    }
}
