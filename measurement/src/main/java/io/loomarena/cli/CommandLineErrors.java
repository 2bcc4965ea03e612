package io.loomarena.cli;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * How every command of {@code echo.jar} and {@code http-server.jar} ({@code echo server}, {@code echo client},
 * {@code http-server serve}, {@code http-server load}) tells the user that its command line is wrong: one line
 * {@code <command>: <what is wrong>}, one line naming {@code --help}, exit status 2, never a stack trace or picocli's
 * usage text. Picocli's own findings (an unknown option, a missing one) are restated in the same words as the
 * commands' {@link BadArgumentException}s.
 */
public final class CommandLineErrors {

    /** Exit status of a command line that cannot be run as written. */
    public static final int EXIT_USAGE = 2;

    private CommandLineErrors() {
    }

    /** Routes every {@link ParameterException} of {@code root} and its subcommands through {@link #badArgument}. */
    public static CommandLine install(CommandLine root) {
        return root.setParameterExceptionHandler((e, args) -> badArgument(e.getCommandLine(), restate(e)));
    }

    /** Prints {@code <command>: <message>} and the {@code --help} line to the command's stderr; returns 2. */
    public static int badArgument(CommandLine command, String message) {
        PrintWriter err = command.getErr();
        err.println(name(command) + ": " + message);
        err.println("Try '" + help(command) + "' for every option.");
        err.flush();
        return EXIT_USAGE;
    }

    /**
     * A server that cannot start where it was told to (the port is taken): {@code <command>: <message>} on one line,
     * no {@code --help} line (the options were fine); returns 2.
     */
    public static int cannotStart(CommandLine command, String message) {
        PrintWriter err = command.getErr();
        err.println(name(command) + ": " + message);
        err.flush();
        return EXIT_USAGE;
    }

    /** The command as its user names it: the jar's name and the subcommand, {@code echo server}. */
    static String name(CommandLine command) {
        return command.getCommandSpec().qualifiedName();
    }

    /** {@code java -jar echo.jar server --help}. */
    static String help(CommandLine command) {
        String jar = command.getCommandSpec().root().name();
        String sub = name(command).substring(jar.length());
        return "java -jar " + jar + ".jar" + sub + " --help";
    }

    /** Picocli's message for {@code e}, in the words of {@link BadArgumentException}. */
    static String restate(ParameterException e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof BadArgumentException bad) {
                return bad.getMessage(); // thrown by an option's setter or converter
            }
        }
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            return "unknown argument '" + unmatched.getUnmatched().getFirst() + "'";
        }
        if (e instanceof CommandLine.MissingParameterException missing && !missing.getMissing().isEmpty()) {
            String names = String.join(", ", missing.getMissing().stream()
                    .map(arg -> arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel()).toList());
            return e.getMessage().startsWith("Missing required parameter") ? names + " needs a value"
                    : "missing " + names;
        }
        return firstLine(e.getMessage());
    }

    private static String firstLine(String message) {
        String text = message == null ? "" : message.strip();
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline).strip();
    }
}
