package io.loomarena.harness.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;

/**
 * The baseline build's steps and cleanup, against a throwaway git repository whose {@code mvnw} is a script: the real
 * build is exercised by the A/B gate scenario; here every failure path must name its step and leave nothing behind.
 */
class BaselineBuildTest {

    @TempDir
    Path repo;
    private final List<String> progress = new ArrayList<>();

    @BeforeEach
    void gitRepository() throws Exception {
        git("init", "-q");
        git("config", "user.email", "test@example.org");
        git("config", "user.name", "test");
    }

    @Test
    void buildsARefInAWorktreeAndRemovesEverythingOnClose() throws Exception {
        commitBuild("exit 0", true);
        List<Path> before = baselineFolders();
        Path jars;
        try (BaselineBuild build = BaselineBuild.ofRef(repo, "HEAD", progress::add)) {
            jars = build.jars().echoJar().getParent();
            assertThat(build.jars().classPath()).contains(BuildJars.ECHO_JAR, BuildJars.HTTP_JAR);
            assertThat(worktrees()).as("worktree removed once the jars are copied").hasSize(1);
            assertThat(jars).isDirectory();
        }
        assertThat(jars).doesNotExist();
        assertThat(baselineFolders()).isEqualTo(before);
        assertThat(progress).anyMatch(line -> line.startsWith("baseline HEAD is commit "))
                .anyMatch(line -> line.startsWith("built HEAD in "));
    }

    @Test
    void aRefThatDoesNotExistIsNamed() throws Exception {
        commitBuild("exit 0", true);
        List<Path> before = baselineFolders();
        assertThatThrownBy(() -> BaselineBuild.ofRef(repo, "no-such-branch", progress::add))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("baseline ref 'no-such-branch' does not exist in " + repo)
                .hasMessageContaining("step: git rev-parse");
        assertThatThrownBy(() -> BaselineBuild.ofRef(repo, "--all", progress::add))
                .hasMessageContaining("is not a git ref");
        assertThat(baselineFolders()).isEqualTo(before);
    }

    @Test
    void aBuildThatFailsIsNamedWithItsOutputAndLeavesNothing() throws Exception {
        commitBuild("echo 'BUILD FAILURE: cannot find symbol Foo'; exit 1", true);
        List<Path> before = baselineFolders();
        assertThatThrownBy(() -> BaselineBuild.ofRef(repo, "HEAD", progress::add))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("baseline HEAD: step './mvnw package' failed (exit 1)")
                .hasMessageContaining("BUILD FAILURE: cannot find symbol Foo");
        assertThat(worktrees()).hasSize(1);
        assertThat(baselineFolders()).isEqualTo(before);
    }

    @Test
    void jarsWithoutTheEntryPointsAreRefused() throws Exception {
        commitBuild("exit 0", false);
        List<Path> before = baselineFolders();
        assertThatThrownBy(() -> BaselineBuild.ofRef(repo, "HEAD", progress::add))
                .hasMessageContaining("echo.jar has no io.loomarena.echo.EchoMain (not a loom-arena echo.jar?)");
        assertThat(worktrees()).hasSize(1);
        assertThat(baselineFolders()).isEqualTo(before);
    }

    @Test
    void aJarFolderIsCheckedFileByFile(@TempDir Path folder) throws Exception {
        assertThatThrownBy(() -> BuildJars.inFolder("v1", folder.resolve("nope")))
                .hasMessageContaining("is not a folder");
        assertThatThrownBy(() -> BuildJars.inFolder("v1", folder)).hasMessageEndingWith("echo.jar does not exist");
        Files.writeString(folder.resolve(BuildJars.ECHO_JAR), "not a zip");
        assertThatThrownBy(() -> BuildJars.inFolder("v1", folder)).hasMessageContaining("is not a readable jar");
        jar(folder.resolve(BuildJars.ECHO_JAR), BuildJars.ECHO_MAIN);
        jar(folder.resolve(BuildJars.HTTP_JAR), BuildJars.HTTP_MAIN);
        assertThat(BuildJars.inFolder("v1", folder).name()).isEqualTo("v1");
    }

    /** Commits an {@code mvnw} running {@code script} and, already in target/, jars with or without entry points. */
    private void commitBuild(String script, boolean withEntryPoints) throws Exception {
        Path mvnw = repo.resolve("mvnw");
        Files.writeString(mvnw, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(repo.resolve("echo/target"));
        Files.createDirectories(repo.resolve("http-server/target"));
        jar(repo.resolve("echo/target/echo.jar"), withEntryPoints ? BuildJars.ECHO_MAIN : "x/Other.class");
        jar(repo.resolve("http-server/target/http-server.jar"), BuildJars.HTTP_MAIN);
        git("add", "-A");
        git("commit", "-q", "-m", "build");
    }

    private static void jar(Path file, String entry) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out)) {
            jar.putNextEntry(new JarEntry(entry));
            jar.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
            jar.closeEntry();
        }
    }

    private List<String> worktrees() throws Exception {
        return git("worktree", "list").lines().toList();
    }

    private static List<Path> baselineFolders() throws IOException {
        try (Stream<Path> folders = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return folders.filter(p -> p.getFileName().toString().startsWith("loomarena-baseline-")).sorted().toList();
        }
    }

    private String git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("git %s: %s", String.join(" ", args), output).isZero();
        return output;
    }
}
