package io.loomarena.harness.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.options.RunOptions;

class JavaRuntimeTest {

    @Test
    void theJavaRunningTheTestsSaysWhatThisJvmIs() {
        JavaRuntime runtime = JavaRuntime.of(RunOptions.thisJvm().javaBinary(), "test");
        assertThat(runtime.version()).isEqualTo(RunOptions.thisJvm().version());
        assertThat(runtime.feature()).isEqualTo(Runtime.version().feature());
        assertThat(runtime.vendor()).isEqualTo(RunOptions.thisJvm().vendor());
    }

    @Test
    void readsThePropertiesThatShowSettingsPrints() {
        String output = """
                Property settings:
                    java.specification.version = 21
                    java.vendor = Eclipse Adoptium
                    java.version = 21.0.8
                    java.vm.name = OpenJDK 64-Bit Server VM
                    java.vm.version = 21.0.8+9-LTS

                openjdk version "21.0.8" 2025-07-15 LTS
                """;
        JavaRuntime runtime = JavaRuntime.parse(Path.of("/jdk21/bin/java"), output, "-Dloomarena.jdk21");
        assertThat(runtime).isEqualTo(new JavaRuntime(Path.of("/jdk21/bin/java"), "21.0.8", 21, "Eclipse Adoptium",
                "OpenJDK 64-Bit Server VM 21.0.8+9-LTS"));
    }

    @Test
    void aBinaryThatIsNotThereIsOneLineNamingTheSetting() {
        assertThatThrownBy(() -> JavaRuntime.of(Path.of("/no/such/java"), "-Dloomarena.jdk21"))
                .isInstanceOf(HarnessException.class)
                .hasMessage("-Dloomarena.jdk21: /no/such/java is not an executable java");
    }

    @Test
    void anotherProgramIsNotAJava() {
        assertThatThrownBy(() -> JavaRuntime.of(Path.of("/bin/true"), "-Dloomarena.jdk25"))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("-Dloomarena.jdk25: /bin/true did not print java.version");
    }
}
