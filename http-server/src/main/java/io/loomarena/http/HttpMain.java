package io.loomarena.http;

import io.loomarena.http.load.LoadCommand;
import io.loomarena.http.server.ServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Command-line entry point of {@code http-server.jar}: {@code serve} runs a server stage, {@code load} drives one. */
@Command(name = "http-server", mixinStandardHelpOptions = true,
        subcommands = {ServeCommand.class, LoadCommand.class},
        description = "HTTP/1.1 server in five concurrency stages, and its load client.")
public final class HttpMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new HttpMain())
                .setParameterExceptionHandler(HttpMain::oneLine)
                .execute(args));
    }

    /** Wrong arguments: one line naming the problem and exit code 2 (docs/architecture.md), no usage dump. */
    private static int oneLine(CommandLine.ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        command.getErr().println(command.getCommandName() + ": " + e.getMessage() + " (see --help)");
        return 2;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: serve or load");
    }
}
