package io.loomarena.framework.spring;

import io.loomarena.cli.CommandLineErrors;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The Spring Boot rows of the arena ({@code spring-boot-virtual}, {@code spring-boot-platform}): {@code serve} runs
 * the arena's endpoints as a Spring Boot application on embedded Tomcat ({@link ServeCommand}).
 */
@Command(name = "spring-boot", subcommands = ServeCommand.class, mixinStandardHelpOptions = true,
        description = "The arena's HTTP endpoints on Spring Boot with embedded Tomcat.")
public final class SpringBootMain {

    private SpringBootMain() {
    }

    public static void main(String[] args) {
        int code = execute(args);
        // A running server returns 0 and leaves the JVM to Tomcat's non-daemon await thread, as every Spring Boot
        // application does; it ends through the shutdown hook (SIGTERM), which sets the exit status itself.
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Runs the command line and returns its exit status (0 while the server runs). */
    static int execute(String... args) {
        CommandLine line = CommandLineErrors.install(new CommandLine(new SpringBootMain()));
        if (args.length == 0) {
            return CommandLineErrors.badArgument(line, "missing the command: serve");
        }
        return line.execute(args);
    }
}
