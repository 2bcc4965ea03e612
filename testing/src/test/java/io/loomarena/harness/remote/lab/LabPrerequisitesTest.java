package io.loomarena.harness.remote.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

/** The lab's go/no-go decisions and their messages, on made-up machines: runs anywhere, as any user. */
class LabPrerequisitesTest {

    private static final Predicate<String> EVERYTHING = tool -> true;

    @Test
    void aLinuxRootMachineWithIpCanRunTheLab() {
        assertThat(LabPrerequisites.blocker("Linux", OptionalLong.of(0), EVERYTHING)).isEmpty();
    }

    @Test
    void saysRootIsNeededAndNamesTheUid() {
        assertThat(LabPrerequisites.blocker("Linux", OptionalLong.of(1000), EVERYTHING)).hasValue(
                "the namespace lab needs root (ip netns add, sshd); this JVM runs as uid 1000: run it as root");
    }

    @Test
    void saysRootIsNeededWhenTheUidCannotBeRead() {
        assertThat(LabPrerequisites.blocker("Linux", OptionalLong.empty(), EVERYTHING)).hasValueSatisfying(
                line -> assertThat(line).contains("needs root").contains("/proc/self/status"));
    }

    @Test
    void saysIpIsMissingAndWhichPackageHasIt() {
        Predicate<String> noIp = tool -> !tool.equals("ip");

        assertThat(LabPrerequisites.blocker("Linux", OptionalLong.of(0), noIp)).hasValueSatisfying(
                line -> assertThat(line).contains("needs the ip command").contains("iproute2"));
    }

    @Test
    void saysLinuxIsNeededOnOtherSystemsBeforeAnythingElse() {
        assertThat(LabPrerequisites.blocker("Mac OS X", OptionalLong.of(501), tool -> false)).hasValue(
                "the namespace lab needs Linux network namespaces (ip netns); this is Mac OS X");
    }

    @Test
    void rootIsCheckedBeforeIp() {
        assertThat(LabPrerequisites.blocker("Linux", OptionalLong.of(1000), tool -> false)).hasValueSatisfying(
                line -> assertThat(line).contains("needs root"));
    }

    @Test
    void theSshToolsAreInstallableNotBlocking() {
        Predicate<String> onlyIp = Set.of("ip")::contains;

        assertThat(LabPrerequisites.blocker("Linux", OptionalLong.of(0), onlyIp)).isEmpty();
        assertThat(LabPrerequisites.missingInstallable(onlyIp)).containsExactly("/usr/sbin/sshd", "ssh", "scp",
                "ssh-keygen", "nc");
        assertThat(LabPrerequisites.missingInstallable(EVERYTHING)).isEmpty();
    }

    @Test
    void readsTheEffectiveUidNotTheRealOne() {
        List<String> status = List.of("Name:\tjava", "Uid:\t1000\t0\t0\t0", "Gid:\t1000\t1000\t1000\t1000");

        assertThat(LabPrerequisites.effectiveUid(status)).hasValue(0);
        assertThat(LabPrerequisites.effectiveUid(List.of("Name:\tjava"))).isEmpty();
    }

    @Test
    void findsToolsByAbsolutePathOrName() {
        assertThat(LabPrerequisites.locate("/no/such/tool")).isEmpty();
        assertThat(LabPrerequisites.locate("no-such-tool-for-the-lab")).isEmpty();
        // sh is on every machine that builds this project (the Maven wrapper needs it).
        assertThat(LabPrerequisites.locate("sh")).hasValueSatisfying(path -> assertThat(path).isAbsolute());
    }

    @Test
    void theSshdConfigurationListensOnTheHostsAddressWithTheLabsFilesOnly() {
        LabHost host = new LabHost("client1", "la-1-1-c1", "10.213.0.2");

        String config = NetnsLab.sshdConfig(host, Path.of("/tmp/lab"));

        assertThat(config.lines()).contains("ListenAddress 10.213.0.2:22", "HostKey /tmp/lab/host_ed25519",
                "PidFile /tmp/lab/sshd-client1.pid", "AuthorizedKeysFile /tmp/lab/id_ed25519.pub",
                "PermitRootLogin prohibit-password", "PasswordAuthentication no", "UsePAM no",
                "Subsystem sftp internal-sftp");
    }
}
