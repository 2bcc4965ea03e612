package io.loomarena.framework.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.BindException;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code serve}'s command line, on a framework that is never started: exit 2 for a bad option, 1 for a failed start. */
class FrameworkCommandTest {

    /** A framework whose start fails as a taken port does. */
    private static final class Unstartable implements Framework {
        @Override
        public String name() {
            return "fake";
        }

        @Override
        public FrameworkIdentity identity() {
            return FrameworkIdentity.of("Fake", "1.0");
        }

        @Override
        public RunningFramework start(FrameworkConfig config, ArenaEndpoints endpoints) throws Exception {
            throw new IllegalStateException("failed to start", new BindException("Address already in use"));
        }
    }

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine command = FrameworkCommand.commandLine(new Unstartable());
        command.setErr(new PrintWriter(err, true));
        command.getSubcommands().get("serve").setErr(new PrintWriter(err, true));
        return command.execute(args);
    }

    @Test
    void aMissingOrUnknownThreadModelExits2NamingTheAllowedOnes() {
        assertThat(run("serve")).isEqualTo(2);
        assertThat(err.toString()).startsWith("fake serve: missing --threads (allowed: virtual, platform)");
        assertThat(run("serve", "--threads", "turbo")).isEqualTo(2);
        assertThat(err.toString()).contains("fake serve: invalid --threads 'turbo': not a thread model of the frameworks"
                + " (allowed: virtual, platform)");
    }

    @Test
    void badValuesExit2WithOneLineEachAndNoStackTrace() {
        assertThat(run("serve", "--threads", "platform", "--port", "70000")).isEqualTo(2);
        assertThat(run("serve", "--threads", "platform", "--pool-size", "0")).isEqualTo(2);
        assertThat(run("serve", "--threads", "platform", "--downstream", "ftp://x/io")).isEqualTo(2);
        assertThat(run("serve", "--threads", "platform", "--downstream-timeout", "soon")).isEqualTo(2);
        assertThat(run("serve", "--threads", "platform", "--idle-timeout", "0s")).isEqualTo(2);
        assertThat(run("serve", "--threads", "platform", "--turbo")).isEqualTo(2);

        assertThat(err.toString()).contains("invalid --port '70000': out of range (allowed: 0..65535)")
                .contains("invalid --pool-size '0'").contains("invalid --downstream 'ftp://x/io'")
                .contains("invalid --downstream-timeout 'soon'")
                .contains("invalid --idle-timeout '0s' (allowed: a positive number with ms, s or m")
                .contains("unknown argument '--turbo'")
                .doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void anIdleTimeoutReachesTheConfigurationAndWithoutOneTheFrameworkKeepsItsOwn() {
        assertThat(parsed("serve", "--threads", "virtual", "--idle-timeout", "3m").idleTimeout())
                .isEqualTo(Duration.ofMinutes(3));
        assertThat(parsed("serve", "--threads", "virtual").idleTimeout()).isNull();
    }

    /** The configuration {@code args} describe, without starting anything. */
    private static FrameworkConfig parsed(String... args) {
        CommandLine command = FrameworkCommand.commandLine(new Unstartable());
        CommandLine.ParseResult result = command.parseArgs(args);
        return ((FrameworkCommand) result.subcommand().commandSpec().userObject()).config();
    }

    @Test
    void theDatabaseOptionsAreTheArenasAndCheckedAlike() {
        assertThat(run("serve", "--threads", "virtual", "--db-url", "postgres://x/db")).isEqualTo(2);
        assertThat(run("serve", "--threads", "virtual", "--db-pool-size", "0")).isEqualTo(2);

        assertThat(err.toString()).contains("invalid --db-url 'postgres://x/db'").contains("invalid --db-pool-size '0'");
    }

    @Test
    void aPoolSizeWithVirtualThreadsIsRefusedWhereThereIsNoPool() {
        assertThat(run("serve", "--threads", "virtual", "--pool-size", "10")).isEqualTo(2);
        assertThat(err.toString()).contains("invalid --pool-size '10': Fake runs a virtual thread per request");
    }

    @Test
    void aFrameworkThatCannotStartExits1WithOneLineNamingIt() {
        assertThat(run("serve", "--threads", "platform", "--port", "8080")).isEqualTo(1);
        assertThat(err.toString().strip()).isEqualTo("fake serve: cannot start Fake 1.0 on 127.0.0.1:8080: "
                + "Address already in use (choose another --port, or 0 for a free one)");
    }
}
