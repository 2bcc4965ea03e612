package io.loomarena.harness.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.options.RunOptions;

/** The hosts of a run as system properties make them, against a port of this machine where nothing listens. */
class RemoteHostsTest {

    @TempDir
    Path results;

    @AfterEach
    void clear() {
        RemoteHosts.closeShared();
    }

    private HarnessSettings settings() {
        return HarnessSettings.defaults(RunOptions.thisJvm(), results);
    }

    @Test
    void noHostSetMeansThisMachine() {
        assertThat(RemoteHosts.shared(RemoteSettings.local(), settings(), results,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))).isEmpty();
    }

    @Test
    void anUnreachableServerHostIsNamedBeforeAnythingStartsAndTheFailureIsRememberedForTheRun() {
        assumeTrue(List.of("/usr/bin/ssh", "/bin/ssh").stream().anyMatch(path -> Files.isExecutable(Path.of(path))),
                "OpenSSH's client is not installed");
        // Port 1 of loopback: refused at once, nothing leaves this machine.
        RemoteSettings remote = new RemoteSettings(Optional.of("root@127.0.0.1"), List.of(), List.of("-o", "Port=1"),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Duration.ofMillis(500));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        HarnessSettings settings = settings();

        long started = System.nanoTime();
        assertThatThrownBy(() -> RemoteHosts.shared(remote, settings, results, out))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("the hosts cannot be used, nothing was started or measured:")
                .hasMessageContaining("root@127.0.0.1: cannot reach the host (ssh: connect to host 127.0.0.1 port 1:"
                        + " Connection refused)");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(15));
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("[REMOTE] probing root@127.0.0.1 over ssh");

        printed.reset();
        assertThatThrownBy(() -> RemoteHosts.shared(remote, settings, results, out))
                .hasMessageContaining("root@127.0.0.1: cannot reach the host");
        assertThat(printed.toString(StandardCharsets.UTF_8)).as("not probed again").isEmpty();
    }
}
