package io.loomarena.harness.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class SshTest {

    @Test
    void theRemoteCommandIsOneWordAfterTheFixedAndTheUserOptions() {
        Ssh ssh = new Ssh(List.of("-i", "/k"));
        assertThat(ssh.command("root@h", "exec java")).containsExactly("ssh", "-o", "BatchMode=yes", "-o",
                "ConnectTimeout=10", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3", "-i", "/k", "-T",
                "root@h", "exec java");
        assertThat(ssh.copyCommand(List.of("/a.jar"), "h:/tmp/x/")).startsWith("scp", "-q")
                .endsWith("-i", "/k", "/a.jar", "h:/tmp/x/");
    }

    @Test
    void wordsAreQuotedForThePosixShellOnTheHost() {
        assertThat(Ssh.quote("-Xmx512m")).isEqualTo("-Xmx512m");
        assertThat(Ssh.quote("a b")).isEqualTo("'a b'");
        assertThat(Ssh.quote("it's")).isEqualTo("'it'\\''s'");
        assertThat(Ssh.quote("$HOME;rm")).isEqualTo("'$HOME;rm'");
        assertThat(Ssh.quoteAll(List.of("java", "-cp", "/w/a.jar:/w/b.jar", "x y"))).isEqualTo(
                "java -cp /w/a.jar:/w/b.jar 'x y'");
    }

    @Test
    void theLauncherRunsTheJvmCommandThroughSshWithExecAndFetchesFilesFromItsFolder() {
        SshLauncher launcher = new SshLauncher(new Ssh(List.of()), "root@h", "/tmp/loomarena-remote-abc");
        assertThat(launcher.wrap(List.of("taskset", "-c", "1", "/jdk/bin/java", "-cp", "a b")))
                .endsWith("-T", "root@h", "exec taskset -c 1 /jdk/bin/java -cp 'a b'");
        assertThat(launcher.fileFor(java.nio.file.Path.of("/local/work/fork-1-client-2.json")))
                .isEqualTo("/tmp/loomarena-remote-abc/fork-1-client-2.json");
        assertThat(launcher.remote()).isTrue();
    }

    @Test
    void aCommandThatRunsTooLongIsKilledAndSaysSo() {
        Ssh.Result result = Ssh.exec(List.of("sleep", "30"), Duration.ofMillis(200), "sleep");
        assertThat(result.exitCode()).isEqualTo(-1);
        assertThat(result.reason()).isEqualTo("sleep did not finish within 200 ms");
    }

    @Test
    void sshsOwnFailuresAreToldApartFromTheRemoteCommands() {
        assertThat(HostProbe.describeSshFailure("root@h", new Ssh.Result(255, "",
                "root@h: Permission denied (publickey).\n"))).startsWith("root@h: login failed (root@h: Permission"
                + " denied (publickey).)");
        assertThat(HostProbe.describeSshFailure("root@h", new Ssh.Result(255, "",
                "ssh: connect to host h port 22: Connection refused\n")))
                .isEqualTo("root@h: cannot reach the host (ssh: connect to host h port 22: Connection refused)");
        assertThat(HostProbe.describeSshFailure("root@h", new Ssh.Result(2, "", "")))
                .isEqualTo("root@h: the probe command failed with exit code 2 (exit code 2)");
    }

    @Test
    void aClockIsRefusedOnlyWhenItIsCertainlyTooFarOff() {
        Duration max = Duration.ofMillis(500);
        assertThat(RemoteHosts.clockProblem("h", new ClockOffset.Measured(499.0, 0.2), max)).isEmpty();
        assertThat(RemoteHosts.clockProblem("h", new ClockOffset.Measured(-510.0, 20.0), max)).isEmpty();
        assertThat(RemoteHosts.clockProblem("h", new ClockOffset.Measured(-2_000.0, 1.5), max)).hasValue(
                "h: its clock is -2000 ms (+/- 1.5) off this machine's, more than -Dloomarena.maxClockOffset=500"
                        + " ms; synchronise it (chrony, ntpd)");
    }
}
