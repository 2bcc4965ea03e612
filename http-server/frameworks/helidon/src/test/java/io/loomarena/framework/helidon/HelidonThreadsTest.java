package io.loomarena.framework.helidon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import io.loomarena.framework.support.FrameworkCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Helidon has one thread model: a platform-thread row, or a pool size, is refused with exit 2 and the reason. */
class HelidonThreadsTest {

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine command = FrameworkCommand.commandLine(new HelidonMain());
        command.getSubcommands().get("serve").setErr(new PrintWriter(err, true));
        return command.execute(args);
    }

    @Test
    void platformThreadsAreRefusedSayingWhy() {
        assertThat(run("serve", "--threads", "platform")).isEqualTo(2);
        assertThat(err.toString()).startsWith("helidon serve: invalid --threads 'platform': Helidon SE 4 serves every"
                + " request on a virtual thread by design and has no platform-thread pool (allowed: virtual)");
    }

    @Test
    void aPoolSizeIsRefusedWithVirtualThreads() {
        assertThat(run("serve", "--threads", "virtual", "--pool-size", "200")).isEqualTo(2);
        assertThat(err.toString()).contains("invalid --pool-size '200'");
    }
}
