package io.loomarena.http;

import io.loomarena.cli.CommandLineErrors;
import io.loomarena.http.load.LoadCommand;
import io.loomarena.http.server.ServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Command-line entry point of {@code http-server.jar}: {@code serve} runs the server in one thread model, {@code load} drives it. */
@Command(name = "http-server", mixinStandardHelpOptions = true,
        subcommands = {ServeCommand.class, LoadCommand.class},
        description = "HTTP/1.1 server in every thread model (serve --model), and its load client.")
public final class HttpMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line with its error handling: wrong arguments are reported by {@link CommandLineErrors}. */
    public static CommandLine commandLine() {
        return CommandLineErrors.install(new CommandLine(new HttpMain()));
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: serve or load");
    }
}
