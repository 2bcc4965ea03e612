package io.loomarena.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class CommandLineErrorsTest {

    @Command(name = "tool", subcommands = Sub.class)
    static final class Root implements Runnable {
        @Override
        public void run() {
        }
    }

    @Command(name = "sub")
    static final class Sub implements Runnable {
        @Option(names = "--count", required = true)
        void setCount(String value) {
            BadArgumentException.wholeNumber("--count", value, 1, 9);
        }

        @Override
        public void run() {
        }
    }

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine line = CommandLineErrors.install(new CommandLine(new Root()));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args);
    }

    @Test
    void aBadValueIsOneLineAfterTheCommandThenTheHelpLine() {
        assertThat(run("sub", "--count", "0")).isEqualTo(CommandLineErrors.EXIT_USAGE);
        assertThat(err.toString().lines()).containsExactly("tool sub: invalid --count '0': out of range (allowed: 1..9)",
                "Try 'java -jar tool.jar sub --help' for every option.");
    }

    @Test
    void picocliFindingsAreRestated() {
        assertThat(run("sub")).isEqualTo(2);
        assertThat(run("sub", "--count", "1", "extra")).isEqualTo(2);
        assertThat(run("sub", "--count")).isEqualTo(2);
        assertThat(err.toString().lines().filter(line -> !line.startsWith("Try "))).containsExactly(
                "tool sub: missing --count", "tool sub: unknown argument 'extra'", "tool sub: --count needs a value");
    }

    @Test
    void messagesNameTheValueWhyAndWhatIsAllowed() {
        assertThat(BadArgumentException.invalid("--x", "y", "bad", "a, b").getMessage())
                .isEqualTo("invalid --x 'y': bad (allowed: a, b)");
        assertThat(BadArgumentException.invalid("--x", "y", null, "a, b").getMessage())
                .isEqualTo("invalid --x 'y' (allowed: a, b)");
        assertThat(BadArgumentException.missing("--x", null).getMessage()).isEqualTo("missing --x");
        assertThatThrownBy(() -> BadArgumentException.wholeNumber("--n", "1.5", 0, 3))
                .hasMessage("invalid --n '1.5': not a whole number (allowed: 0..3)");
        assertThat(BadArgumentException.wholeNumber("--n", " 3 ", 0, 3)).isEqualTo(3);
    }
}
