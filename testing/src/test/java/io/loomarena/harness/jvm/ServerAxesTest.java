package io.loomarena.harness.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.ServerCell;

/** A cell's server fork, and the check that runs each java of the axes before anything is measured. */
class ServerAxesTest {

    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");
    private static final List<String> RUN_FLAGS = List.of("-Xms64m", "-Xmx64m", "-XX:+UseG1GC");
    private static final JvmFork BASE = new JvmFork(Path.of("/default/java"), "cp", RUN_FLAGS,
            CpuPinning.detect(false));

    private static ServerAxes.Cell cell(String java, String flagSet) {
        ServerAxes.FlagSet set = ServerAxes.parseFlagSets(flagSet).get(0);
        return new ServerAxes.Cell(new ServerAxes.ServerJvm("j", Path.of(java)), set);
    }

    @Test
    void aCellsServerRunsItsJavaWithItsFlagsAfterTheRuns() {
        JvmFork fork = cell("/other/java", "p=-Djdk.pollerMode=1").serverFork(BASE, "-XX:+UseG1GC");
        assertThat(fork.javaBinary()).isEqualTo(Path.of("/other/java"));
        assertThat(fork.jvmArgs()).containsExactly("-Xms64m", "-Xmx64m", "-XX:+UseG1GC", "-Djdk.pollerMode=1");
        assertThat(fork.classPath()).isEqualTo("cp");
    }

    @Test
    void aCollectorInTheFlagSetReplacesTheRunsOne() {
        JvmFork fork = cell("/other/java", "pgc=-XX:+UseParallelGC").serverFork(BASE, "-XX:+UseG1GC");
        assertThat(fork.jvmArgs()).containsExactly("-Xms64m", "-Xmx64m", "-XX:+UseParallelGC");
    }

    @Test
    void aCellIsRecordedWithItsNamesAndFlags() {
        assertThat(cell("/j", "p=-Da=1 -Db=2").recorded())
                .isEqualTo(new ServerCell("j", "p", List.of("-Da=1", "-Db=2")));
        assertThat(ServerAxes.only(JAVA).cells().get(0).recorded()).isEqualTo(ServerCell.ONLY);
    }

    @Test
    void theCheckPassesTheJavaRunningTheTestsWithGoodFlags() {
        ServerAxes axes = new ServerAxes(List.of(new ServerAxes.ServerJvm("here", JAVA)),
                ServerAxes.parseFlagSets("none=;poller1=-Djdk.pollerMode=1;pgc=-XX:+UseParallelGC"));
        ServerAxesCheck.check(axes, new JvmFork(JAVA, "cp", RUN_FLAGS, CpuPinning.detect(false)), "-XX:+UseG1GC");
    }

    @Test
    void aFlagTheJvmRefusesIsOneLineNamingTheFlagSet() {
        ServerAxes axes = new ServerAxes(List.of(new ServerAxes.ServerJvm("here", JAVA)),
                ServerAxes.parseFlagSets("bad=-XX:+NoSuchOptionAnywhere"));
        assertThatThrownBy(() -> ServerAxesCheck.check(axes, new JvmFork(JAVA, "cp", RUN_FLAGS,
                CpuPinning.detect(false)), "-XX:+UseG1GC"))
                .isInstanceOf(ServerAxesCheck.Refused.class)
                .hasMessageStartingWith("-Dloomarena.flagSets (bad): the JVM here (" + JAVA + ") refuses ")
                .hasMessageContaining("NoSuchOptionAnywhere")
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
    }

    @Test
    void aJavaOlderThan21IsRefused() {
        Path old = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(old), "no JDK 17 on this machine");
        ServerAxes axes = new ServerAxes(List.of(new ServerAxes.ServerJvm("old", old)),
                ServerAxes.parseFlagSets("none="));
        assertThatThrownBy(() -> ServerAxesCheck.check(axes, BASE, "-XX:+UseG1GC"))
                .isInstanceOf(ServerAxesCheck.Refused.class)
                .hasMessageStartingWith("-Dloomarena.jvms (old): " + old + " is JDK 17")
                .hasMessageEndingWith("the servers need a JDK 21 or later");
    }

    @Test
    void aJavaThatDoesNotRunIsRefused() throws Exception {
        Path fake = Files.createTempFile("not-a-java", ".sh");
        try {
            Files.writeString(fake, "#!/bin/sh\necho broken >&2\nexit 3\n");
            fake.toFile().setExecutable(true);
            ServerAxes axes = new ServerAxes(List.of(new ServerAxes.ServerJvm("broken", fake)),
                    ServerAxes.parseFlagSets("none="));
            assertThatThrownBy(() -> ServerAxesCheck.check(axes, BASE, "-XX:+UseG1GC"))
                    .isInstanceOf(ServerAxesCheck.Refused.class)
                    .hasMessageStartingWith("-Dloomarena.jvms (broken): " + fake + " -version exited 3: broken");
        } finally {
            Files.deleteIfExists(fake);
        }
    }
}
