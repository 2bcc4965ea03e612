package io.loomarena.echo;

import java.io.PrintWriter;

import io.loomarena.cli.CommandLineErrors;
import io.loomarena.echo.client.ClientCommand;
import io.loomarena.echo.server.ServerCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Command-line entry point of {@code echo.jar}: {@code server} runs one echo server model, {@code client} drives one.
 * Exit codes: 0 success (also a server stopped by SIGTERM or SIGINT), 1 the work failed (for example a client saw
 * errors), 2 bad arguments ({@link CommandLineErrors}: one line naming the bad value and the allowed ones, one line
 * naming {@code --help}, never a stack trace).
 */
@Command(name = "echo", mixinStandardHelpOptions = true, version = "loom-arena echo",
        subcommands = {ServerCommand.class, ClientCommand.class},
        description = "RFC 862 echo servers, one per concurrency model (server --model), and the echo load client.")
public final class EchoMain implements Runnable {

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_BAD_ARGUMENTS = CommandLineErrors.EXIT_USAGE;

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line with the given output streams and returns the exit code (usable in-process). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine commandLine = new CommandLine(new EchoMain());
        commandLine.setOut(out);
        commandLine.setErr(err);
        CommandLineErrors.install(commandLine);
        commandLine.setExecutionExceptionHandler((e, failed, parsed) -> {
            failed.getErr().println("echo " + failed.getCommandName() + " failed: " + firstLine(String.valueOf(e)));
            failed.getErr().flush();
            return EXIT_FAILED;
        });
        return commandLine.execute(args);
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required: server or client");
    }

    private static String firstLine(String message) {
        String text = message == null ? "" : message.strip();
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline).strip();
    }
}
