package io.loomarena.echo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;

/** The command line's argument errors: exit code 2, one line naming the bad value and the allowed ones. */
class EchoMainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return EchoMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private String errorLines() {
        return err.toString().strip();
    }

    @Test
    void unknownServerModelNamesTheValueAndTheAllowedOnes() {
        assertThat(run("server", "--model", "turbo")).isEqualTo(2);
        assertThat(errorLines()).doesNotContain("\n").contains("'turbo'", "single, platform, pool, virtual");
    }

    @Test
    void unknownClientModelNamesTheValueAndTheAllowedOnes() {
        assertThat(run("client", "--model", "turbo")).isEqualTo(2);
        assertThat(errorLines()).doesNotContain("\n").contains("'turbo'", "platform, virtual");
    }

    @Test
    void zeroClientsIsRejected() {
        assertThat(run("client", "--model", "virtual", "--clients", "0")).isEqualTo(2);
        assertThat(errorLines()).isEqualTo("Invalid value for option '--clients': 0 (allowed: 1..100000)");
    }

    @Test
    void negativeSizeIsRejected() {
        assertThat(run("client", "--model", "platform", "--size", "-1")).isEqualTo(2);
        assertThat(errorLines()).isEqualTo("Invalid value for option '--size': -1 (allowed: 1..65536)");
    }

    @Test
    void zeroIterationsAreRejected() {
        assertThat(run("client", "--model", "virtual", "--iterations", "0")).isEqualTo(2);
        assertThat(errorLines()).isEqualTo("Invalid value for option '--iterations': 0 (allowed: 1..1000)");
    }

    @Test
    void tooManyWarmupIterationsAreRejected() {
        assertThat(run("client", "--model", "virtual", "--warmup-iterations", "1001")).isEqualTo(2);
        assertThat(errorLines()).isEqualTo("Invalid value for option '--warmup-iterations': 1001 (allowed: 0..1000)");
    }

    @Test
    void poolSizeZeroIsRejected() {
        assertThat(run("server", "--model", "pool", "--pool-size", "0")).isEqualTo(2);
        assertThat(errorLines()).doesNotContain("\n").contains("--pool-size", "0", "1..10000");
    }

    @Test
    void missingSubcommandIsABadArgument() {
        assertThat(run()).isEqualTo(2);
        assertThat(errorLines()).isEqualTo("a subcommand is required: server or client");
    }

    @Test
    void portAlreadyInUseIsOneClearLine() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertThat(run("server", "--model", "virtual", "--port", String.valueOf(port))).isEqualTo(2);
            assertThat(errorLines()).isEqualTo("port " + port + " on 127.0.0.1 is already in use");
            assertThat(out.toString()).isEmpty();
        }
    }

    @Test
    void clientAgainstNothingListeningSaysConnectionRefused() throws IOException {
        int port;
        try (ServerSocket closedAgain = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closedAgain.getLocalPort();
        }
        assertThat(run("client", "--model", "virtual", "--port", String.valueOf(port), "--clients", "2",
                "--messages", "1")).isEqualTo(1);
        assertThat(errorLines()).startsWith("connection refused: nothing is listening on 127.0.0.1:" + port);
        assertThat(out.toString()).contains("errors: refused=2");
    }
}
