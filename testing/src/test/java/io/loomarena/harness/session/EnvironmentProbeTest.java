package io.loomarena.harness.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.HarnessJvm;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.harness.summary.Environment;
import io.loomarena.harness.summary.ForkedJvm;

/** A summary records the server's and the clients' JVMs as their binaries report them, with their flags. */
class EnvironmentProbeTest {

    private static final HarnessJvm THIS_JVM = RunOptions.thisJvm();
    private static final List<String> FLAGS = List.of("-Xms64m", "-Xmx64m", "-XX:+UseSerialGC");

    @Test
    void recordsTheVersionVendorAndFlagsOfTheForkedJvms() {
        JvmFork fork = JvmFork.ofHarnessJvm(THIS_JVM, FLAGS, CpuPinning.notApplied("test"));
        Environment environment = EnvironmentProbe.capture(THIS_JVM, Deployment.local(fork), Instant.EPOCH, "0 0 0",
                true, Path.of("."), List.of());
        ForkedJvm expected = new ForkedJvm("local", THIS_JVM.javaBinary().toString(),
                THIS_JVM.version(),
                THIS_JVM.vendor(), THIS_JVM.vm(), FLAGS);
        assertThat(environment.serverJvm()).isEqualTo(expected);
        assertThat(environment.clientJvms()).containsExactly(expected);
    }

    @Test
    void aJavaThatCannotBeAskedIsUnknownWithAWarningNotAFailure() {
        JvmFork fork = new JvmFork(Path.of("/no/such/java"), THIS_JVM.classPath(), FLAGS,
                CpuPinning.notApplied("test"));
        List<String> warnings = new ArrayList<>();
        ForkedJvm jvm = EnvironmentProbe.forkedJvm(fork, warnings);
        assertThat(jvm).isEqualTo(new ForkedJvm("local", "/no/such/java", "unknown", "unknown", "unknown", FLAGS));
        assertThat(warnings).singleElement().asString()
                .startsWith("the version of /no/such/java on local is not recorded: ");
    }
}
