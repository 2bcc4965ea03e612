package io.loomarena.harness.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.options.RunOptions;

class JvmForkTest {

    private static final JvmLaunch LAUNCH = JvmLaunch.of("io.example.Main", "server", "--port", "0");

    @Test
    void buildsTasksetJavaFlagsClassPathMainArgsInThatOrder() {
        CpuPinning pinning = CpuPinning.decide(Optional.of(Path.of("/usr/bin/taskset")), List.of(0, 1));
        JvmFork fork = new JvmFork(Path.of("/jdk/bin/java"), "a.jar:b.jar", List.of("-Xms512m", "-Xmx512m",
                "-XX:+UseG1GC"), pinning);

        assertThat(fork.command(LAUNCH, CpuPinning.Role.CLIENT)).containsExactly("/usr/bin/taskset", "-c", "1",
                "/jdk/bin/java", "-Xms512m", "-Xmx512m", "-XX:+UseG1GC", "-cp", "a.jar:b.jar", "io.example.Main",
                "server", "--port", "0");
    }

    @Test
    void startsJavaDirectlyWithoutPinning() {
        JvmFork fork = new JvmFork(Path.of("/jdk/bin/java"), "cp", List.of("-Xmx1m"), CpuPinning.notApplied("none"));

        assertThat(fork.command(LAUNCH, CpuPinning.Role.SERVER)).startsWith("/jdk/bin/java", "-Xmx1m", "-cp", "cp");
    }

    @Test
    void usesTheJavaBinaryAndClassPathOfThisJvm() {
        JvmFork fork = JvmFork.ofHarnessJvm(RunOptions.thisJvm(), List.of(), CpuPinning.notApplied("test"));

        assertThat(fork.javaBinary()).startsWith(Path.of(System.getProperty("java.home")));
        assertThat(fork.classPath()).isEqualTo(System.getProperty("java.class.path"));
    }

    @Test
    void aLocalJvmGetsItsOwnTemporaryFolderRemovedEvenWhenItIsKilled() throws Exception {
        JvmFork fork = JvmFork.ofHarnessJvm(RunOptions.thisJvm(), List.of("-Xmx64m"), CpuPinning.notApplied("test"));
        CompletableFuture<String> firstLine = new CompletableFuture<>();
        Path folder;
        try (ChildProcess child = fork.start("temp folder child", JvmLaunch.of(TempFolderChild.class.getName()),
                CpuPinning.Role.SERVER, firstLine::complete)) {
            folder = Path.of(firstLine.get(30, TimeUnit.SECONDS));

            assertThat(folder.getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
            assertThat(folder.getFileName().toString()).startsWith("loomarena-jvm-");
            assertThat(folder.resolve("left-by-the-child.txt")).exists();
            child.kill();
        }
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> !folder.toFile().exists());
    }
}
