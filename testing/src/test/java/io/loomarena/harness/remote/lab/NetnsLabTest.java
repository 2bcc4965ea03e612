package io.loomarena.harness.remote.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.options.RunOptions;

/**
 * The real lab: namespaces, links, sshd, ssh and scp from the root namespace. Needs root and takes a few seconds, so
 * it runs only when asked: {@code ./mvnw -B -ntp -pl testing -am test -Dtest=NetnsLabTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dloomarena.remoteLab=true}.
 */
class NetnsLabTest {

    private static final Duration SSH_TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    @Test
    void hostsAreReachableOverSshAndEverythingIsGoneAfterClose() throws IOException {
        assumeLabWanted();
        List<String> rootLinks = linkNames();
        long startedAt = System.nanoTime();
        NetnsLab lab = startOrSkip();
        long startMillis = (System.nanoTime() - startedAt) / 1_000_000;
        Path workDir = lab.workDir();
        List<String> namespaces = lab.hosts().stream().map(LabHost::namespace).toList();
        try {
            assertThat(Files.exists(lab.privateKey())).isTrue();
            assertThat(namespaces).allSatisfy(namespace -> assertThat(ip("netns", "list")).contains(namespace));

            for (LabHost host : lab.hosts()) {
                String out = ssh(lab, host, "echo ok; ip -o -4 addr show");
                assertThat(out).as("ssh to %s", host).startsWith("ok").contains("inet " + host.address() + "/24");
                for (LabHost other : lab.hosts()) {
                    if (!other.equals(host)) {
                        assertThat(out).as("%s's interfaces", host).doesNotContain("inet " + other.address() + "/");
                    }
                }
            }

            Path local = Files.writeString(temp.resolve("payload.txt"), "copied into the lab\n");
            String remote = workDir.resolve("payload-on-client1.txt").toString();
            LabHost client1 = lab.clients().getFirst();
            List<String> scp = new ArrayList<>(List.of("scp"));
            scp.addAll(lab.sshOptions());
            scp.addAll(List.of(local.toString(), client1.target() + ":" + remote));
            assertThat(run(scp).exit()).as("scp to client1").isZero();
            assertThat(ssh(lab, client1, "cat " + remote)).isEqualTo("copied into the lab");

            for (LabHost client : lab.clients()) {
                // Reads the first bytes of the server's sshd banner over TCP from inside the client's namespace.
                String banner = ssh(lab, client, "timeout 5 bash -c 'exec 3<>/dev/tcp/" + lab.server().address()
                        + "/22; head -c 4 <&3'");
                assertThat(banner).as("%s reaching the server", client).isEqualTo("SSH-");
            }

            assertThat(ip("-o", "-4", "addr", "show")).as("the root namespace").doesNotContain(NetnsLab.SUBNET + ".");
            assertThat(linkNames()).as("the root namespace's links").isEqualTo(rootLinks);
        } finally {
            long closingAt = System.nanoTime();
            lab.close();
            System.out.printf("[LAB] start %d ms, close %d ms%n", startMillis,
                    (System.nanoTime() - closingAt) / 1_000_000);
        }

        lab.close();
        String namespacesAfter = ip("netns", "list");
        assertThat(namespaces).allSatisfy(namespace -> assertThat(namespacesAfter).doesNotContain(namespace));
        assertThat(workDir).doesNotExist();
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                .filter(line -> line.contains(workDir.toString())).isPresent()).toList())
                .as("processes started with the lab's files").isEmpty();
    }

    @Test
    void aStartThatFailsHalfwayRemovesWhatItMade() throws IOException {
        assumeLabWanted();
        String prefix = NetnsLab.namespacePrefix(ProcessHandle.current().pid(), NetnsLab.labsBegun() + 1);
        // The third namespace's name is taken, so the start fails after making the first two and the folder.
        String taken = prefix + "c2";
        ip("netns", "add", taken);
        try {
            assertThatThrownBy(() -> startOrSkip()).isInstanceOf(HarnessException.class)
                    .hasMessageContaining("ip netns add " + taken);

            assertThat(ip("netns", "list")).doesNotContain(prefix + "srv").doesNotContain(prefix + "c1");
            try (Stream<Path> left = Files.list(temp)) {
                assertThat(left).as("the lab's folder").isEmpty();
            }
        } finally {
            ip("netns", "delete", taken);
        }
    }

    @Test
    void removesTheNamespacesOfAKilledJvm() throws Exception {
        assumeLabWanted();
        Process gone = new ProcessBuilder("true").start();
        assertThat(gone.waitFor(10, TimeUnit.SECONDS)).isTrue();
        String leftover = NetnsLab.namespacePrefix(gone.pid(), 1) + "srv";
        ip("netns", "add", leftover);
        try (NetnsLab lab = startOrSkip()) {
            assertThat(lab.server().namespace()).isNotEqualTo(leftover);
            assertThat(ip("netns", "list")).doesNotContain(leftover);
        } finally {
            LabCommand.run(SSH_TIMEOUT, List.of("ip", "netns", "delete", leftover));
        }
    }

    private static void assumeLabWanted() {
        Assumptions.assumeTrue(RunOptions.ofThisJvm().remoteLab(),
                "the namespace lab needs root and is slow: run with -Dloomarena.remoteLab=true (as root)");
    }

    private NetnsLab startOrSkip() {
        try {
            return NetnsLab.start(temp, RunOptions.thisJvm().osName());
        } catch (LabUnavailableException e) {
            Assumptions.abort(e.getMessage());
            throw e;
        }
    }

    private static String ssh(NetnsLab lab, LabHost host, String command) {
        LabCommand.Outcome outcome = run(lab.sshCommand(host.target(), command));
        assertThat(outcome.exit()).as("ssh %s %s: %s", host.target(), command, outcome.output()).isZero();
        return outcome.output();
    }

    /** The interface names of the root namespace ({@code ip -o link}: "INDEX: NAME[@PEER]: ..."). */
    private static List<String> linkNames() {
        return ip("-o", "link", "show").lines().map(line -> line.split(":\\s+")[1]).sorted().toList();
    }

    private static String ip(String... arguments) {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(arguments));
        LabCommand.Outcome outcome = run(command);
        assertThat(outcome.exit()).as("%s: %s", command, outcome.output()).isZero();
        return outcome.output();
    }

    private static LabCommand.Outcome run(List<String> command) {
        return LabCommand.run(SSH_TIMEOUT, command);
    }
}
