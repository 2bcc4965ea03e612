package io.loomarena.harness.flood;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.ModuleClassPath;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;

/**
 * A flood target names an arena model or a framework row: a row starts on its framework's module class path with the
 * models' keep-alive timeout, and a module that is not built is one line naming the command that builds it.
 */
class FloodTargetTest {

    @TempDir
    Path repository;

    @Test
    void aFrameworkRowStartsItsFrameworkWithTheFloodsIdleTimeout() {
        FloodTarget target = FloodTarget.http("Jetty-Queued");

        assertThat(target.label()).isEqualTo("http jetty-queued");
        assertThat(target.http()).isTrue();
        assertThat(target.launch().mainClass()).isEqualTo("io.loomarena.framework.jetty.JettyMain");
        assertThat(target.launch().args()).containsSequence("serve", "--threads", "platform")
                .containsSequence("--idle-timeout", FloodTarget.HTTP_IDLE_TIMEOUT);
        assertThat(target.launch().classPath().module()).isEqualTo("http-server/frameworks/jetty");
    }

    @Test
    void aModelStartsTheArenasServerWithTheSameIdleTimeout() {
        FloodTarget target = FloodTarget.http("virtual");

        assertThat(target.launch().classPath()).isNull();
        assertThat(target.launch().args()).containsSequence("--model", "virtual")
                .containsSequence("--idle-timeout", FloodTarget.HTTP_IDLE_TIMEOUT);
    }

    @Test
    void aRowWhoseModuleIsNotBuiltIsOneLineNamingTheBuildCommand() {
        FloodTarget target = FloodTarget.http("helidon");
        JvmFork fork = new JvmFork(Path.of("/usr/bin/java"), "harness.jar", List.of(), CpuPinning.detect(false));

        assertThatThrownBy(() -> fork.forLaunch(target.launch(), repository))
                .isInstanceOf(ModuleClassPath.NotBuilt.class)
                .hasMessageStartingWith("helidon: http-server/frameworks/helidon is not built")
                .hasMessageEndingWith("build it with ./mvnw -q -pl http-server/frameworks/helidon -am compile")
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
    }
}
