package io.loomarena.framework.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import io.loomarena.framework.support.FrameworkCommand;

/** A command line the Spring Boot rows refuse: exit 2, naming the option and what it allows, before Spring starts. */
class SpringBootCommandTest {

    private final StringWriter err = new StringWriter();

    @Test
    void anUnknownThreadModelExits2NamingTheAllowedOnes() {
        assertThat(run("serve", "--threads", "green")).isEqualTo(2);
        assertThat(err.toString()).contains("--threads 'green'", "virtual, platform");
    }

    @Test
    void aPoolSizeWithVirtualThreadsExits2() {
        assertThat(run("serve", "--threads", "virtual", "--pool-size", "4")).isEqualTo(2);
        assertThat(err.toString()).contains("--pool-size");
    }

    private int run(String... args) {
        CommandLine command = FrameworkCommand.commandLine(new SpringBootMain());
        command.setErr(new PrintWriter(err, true));
        command.getSubcommands().values().forEach(sub -> sub.setErr(new PrintWriter(err, true)));
        return command.execute(args);
    }
}
