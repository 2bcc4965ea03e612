package io.loomarena.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;

import io.loomarena.model.ServerModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code serve}'s model options: the shared words, and the old ones with one line naming the new. */
class ServeCommandTest {

    private final StringWriter err = new StringWriter();

    private ServerConfig config(String... args) {
        ServeCommand command = new ServeCommand();
        CommandLine line = new CommandLine(command);
        line.setErr(new PrintWriter(err, true));
        line.parseArgs(args);
        return command.config();
    }

    @Test
    void theModelAndCachedContentAreTwoOptions() {
        ServerConfig config = config("--model", "pool", "--cache-content", "--pool-size", "4");
        assertThat(config.model()).isEqualTo(ServerModel.POOL);
        assertThat(config.cacheContent()).isTrue();
        assertThat(config.poolSize()).isEqualTo(4);
        assertThat(err.toString()).isEmpty();
        assertThat(config("--model", "virtual").cacheContent()).isFalse();
    }

    @ParameterizedTest
    @CsvSource({"--stage, single-threaded, SINGLE, false, '--stage single-threaded' is now '--model single'",
            "--stage, thread-per-request, PLATFORM, false, '--stage thread-per-request' is now '--model platform'",
            "--model, thread-pool, POOL, false, '--model thread-pool' is now '--model pool'",
            "--stage, virtual-cached, VIRTUAL, true, '--stage virtual-cached' is now '--model virtual --cache-content'",
            "--stage, virtual, VIRTUAL, false, '--stage virtual' is now '--model virtual'"})
    void oldNamesStillWorkWithOneLineNamingTheNewOnes(String option, String value, ServerModel model, boolean cached,
                                                     String notice) {
        ServerConfig config = config(option, value);
        assertThat(config.model()).isEqualTo(model);
        assertThat(config.cacheContent()).isEqualTo(cached);
        assertThat(err.toString().lines()).containsExactly("serve: " + notice);
    }

    @Test
    void aPoolPerCpuIsSizedFromThisJvmsProcessors() {
        assertThat(config("--model", "pool", "--pool-size", "2xcpu").poolSize())
                .isEqualTo(2 * Runtime.getRuntime().availableProcessors());
        assertThatThrownBy(() -> config("--model", "pool", "--pool-size", "lots"))
                .hasMessage("invalid --pool-size 'lots': not a whole number (allowed: 1..10000)");
        assertThatThrownBy(() -> config("--model", "pool", "--pool-size", "0xcpu"))
                .hasMessageStartingWith("invalid --pool-size '0xcpu' (allowed: 1..10000, or Nxcpu");
    }

    @Test
    void aPoolSizeForAModelWithoutAPoolIsRefusedRatherThanIgnored() {
        assertThatThrownBy(() -> config("--model", "virtual", "--pool-size", "50"))
                .hasMessage("invalid --pool-size '50': the virtual model has no pool (allowed: only with --model pool)");
        assertThat(config("--model", "pool", "--pool-size", "50").poolSize()).isEqualTo(50);
    }

    @Test
    void theDatabaseOptionsReachTheConfigAndTheNettyReferenceRefusesThem() {
        ServerConfig config = config("--model", "event-loop", "--db-url", "jdbc:postgresql://127.0.0.1:5432/arena",
                "--db-pool-size", "20", "--db-query-timeout", "250ms");
        assertThat(config.database().url()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/arena");
        assertThat(config.database().poolSize()).isEqualTo(20);
        assertThat(config.database().queryTimeout()).isEqualTo(java.time.Duration.ofMillis(250));
        assertThat(config("--model", "virtual").database().configured()).isFalse();
        assertThatThrownBy(() -> config("--model", "netty", "--db-url", "jdbc:postgresql://127.0.0.1:5432/arena"))
                .hasMessage("invalid --db-url 'jdbc:postgresql://127.0.0.1:5432/arena': the netty reference serves"
                        + " /ping, /data.json, /metrics only (allowed: with every other --model)");
        assertThatThrownBy(() -> config("--model", "virtual", "--db-pool-size", "0"))
                .hasMessage("invalid --db-pool-size '0': out of range (allowed: 1..1000)");
    }

    @Test
    void aMissingOrUnknownModelNamesTheAllowedOnes() {
        assertThatThrownBy(() -> config("--port", "0"))
                .hasMessage("missing --model (allowed: " + ServerModel.allowed() + ")");
        assertThatThrownBy(() -> config("--model", "threads"))
                .hasMessage("invalid --model 'threads': not a server model (allowed: " + ServerModel.allowed() + ")");
    }

    @Test
    void nettyIsTheReferenceServerWithItsLoops() {
        ServerConfig config = config("--model", "netty", "--loops", "2");
        assertThat(config.model()).isEqualTo(ServerModel.NETTY);
        assertThat(config.loops()).isEqualTo(2);
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void theEventLoopTakesItsLoopsAndNoOtherModelDoes() {
        assertThat(config("--model", "event-loop", "--loops", "3").loops()).isEqualTo(3);
        assertThat(config("--model", "event-loop").loops()).isEqualTo(ServerModel.defaultLoops());
        assertThatThrownBy(() -> config("--model", "virtual", "--loops", "2")).hasMessage("invalid --loops '2': the"
                + " virtual model has no event loops (allowed: only with --model event-loop, netty)");
        assertThatThrownBy(() -> config("--model", "event-loop", "--loops", "0"))
                .hasMessageStartingWith("invalid --loops '0'");
    }

    @Test
    void theMaxAgeOfStaticContentIsAValidatedWholeNumberOfSeconds() {
        assertThat(config("--model", "virtual").staticMaxAge()).isEqualTo(60);
        assertThat(config("--model", "virtual", "--max-age", "0").staticMaxAge()).isZero();
        assertThat(config("--model", "virtual", "--max-age", "31536000").staticMaxAge()).isEqualTo(31_536_000);
        for (String bad : new String[] {"-1", "abc", "31536001", "1.5"}) {
            assertThatThrownBy(() -> config("--model", "virtual", "--max-age", bad)).as(bad)
                    .hasMessageStartingWith("invalid --max-age '" + bad + "'");
        }
    }
}
