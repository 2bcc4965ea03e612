package io.loomarena.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;

/** A module's class path file read from the repository root, and the one line when the module is not built. */
class ModuleClassPathTest {

    private static final ModuleClassPath JETTY = new ModuleClassPath("http-server/frameworks/jetty", "jetty-queued");

    @TempDir
    Path repository;

    @Test
    void aModuleNotBuiltIsOneLineNamingTheRowAndTheCommandThatBuildsIt() {
        Path file = repository.resolve("http-server/frameworks/jetty/target/classpath.txt");

        assertThatThrownBy(() -> JETTY.read(repository)).isInstanceOf(HarnessException.class)
                .hasMessage("jetty-queued: http-server/frameworks/jetty is not built (no " + file + "); build it with"
                        + " ./mvnw -q -pl http-server/frameworks/jetty -am compile")
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
    }

    @Test
    void theClassPathIsTheFilesContentEveryEntryChecked() throws Exception {
        Path classes = Files.createDirectories(repository.resolve("http-server/frameworks/jetty/target/classes"));
        Path jar = Files.writeString(repository.resolve("dep.jar"), "not really a jar");
        Path file = JETTY.file(repository);
        Files.writeString(file, classes + File.pathSeparator + jar + "\n");

        assertThat(JETTY.read(repository)).isEqualTo(classes + File.pathSeparator + jar);

        Files.delete(jar);
        assertThatThrownBy(() -> JETTY.read(repository)).hasMessage("jetty-queued: http-server/frameworks/jetty lists "
                + jar + " in " + file + ", which does not exist; build it with ./mvnw -q -pl"
                + " http-server/frameworks/jetty -am compile");
        Files.writeString(file, "  \n");
        assertThatThrownBy(() -> JETTY.read(repository)).hasMessageStartingWith("jetty-queued:"
                + " http-server/frameworks/jetty has an empty " + file);
    }

    @Test
    void aForkRunsALaunchOnItsModulesClassPathAndAnyOtherOnItsOwn() throws Exception {
        Path classes = Files.createDirectories(repository.resolve("http-server/frameworks/jetty/target/classes"));
        Files.writeString(JETTY.file(repository), classes.toString());
        JvmFork fork = new JvmFork(Path.of("/usr/bin/java"), "harness.jar", List.of("-Xmx64m"),
                CpuPinning.detect(false));
        JvmLaunch framework = new JvmLaunch("io.loomarena.framework.jetty.JettyMain", List.of("serve"), JETTY);

        assertThat(fork.forLaunch(framework, repository).jvmCommand(framework, CpuPinning.Role.SERVER))
                .containsSequence("-cp", classes.toString(), "io.loomarena.framework.jetty.JettyMain", "serve");
        JvmLaunch ours = JvmLaunch.of("io.loomarena.http.HttpMain", "serve");
        assertThat(fork.forLaunch(ours, repository)).isSameAs(fork);
        assertThatThrownBy(() -> new ModuleClassPath("../elsewhere", "x")).hasMessageContaining("below the"
                + " repository root");
    }
}
