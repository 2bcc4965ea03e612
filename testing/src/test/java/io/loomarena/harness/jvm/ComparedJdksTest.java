package io.loomarena.harness.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.NothingToDo;
import io.loomarena.harness.options.RunOptions;

class ComparedJdksTest {

    private static final Path THIS_JAVA = RunOptions.thisJvm().javaBinary();

    @TempDir
    Path empty;

    @Test
    void aJdk21ThatWasNotNamedAndIsNotInstalledIsASkipNamingTheInstallCommand() {
        ComparedJdks jdks = new ComparedJdks(empty.resolve("bin/java"), false, Optional.empty(), THIS_JAVA);
        assertThatThrownBy(() -> jdks.jdk("21")).isInstanceOf(NothingToDo.class)
                .hasMessageStartingWith("[JVM] SKIP the JDK 21 half: no JDK 21 at " + empty.resolve("bin/java"))
                .hasMessageContaining("install it with bench/install-jdk21.sh");
    }

    @Test
    void aJdk21ThatWasNamedButIsNotThereIsBadInput() {
        ComparedJdks jdks = new ComparedJdks(empty.resolve("java"), true, Optional.empty(), THIS_JAVA);
        assertThatThrownBy(() -> jdks.jdk("21")).isInstanceOf(HarnessException.class)
                .hasMessage("-Dloomarena.jdk21: " + empty.resolve("java") + " is not an executable java");
    }

    @Test
    void aJdk21ThatIsAnotherVersionIsBadInput() {
        // The tests run on the build's toolchain, a JDK >= 21; when it is 21 itself this case cannot be made here.
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() != 21);
        ComparedJdks jdks = new ComparedJdks(THIS_JAVA, true, Optional.empty(), THIS_JAVA);
        assertThatThrownBy(() -> jdks.jdk("21")).isInstanceOf(HarnessException.class)
                .hasMessageEndingWith(", not 21");
    }

    @Test
    void theJdk25HalfIsTheJavaRunningTheTestsWhenItIs24OrLater() {
        ComparedJdks jdks = new ComparedJdks(empty, false, Optional.empty(), THIS_JAVA);
        if (Runtime.version().feature() >= ComparedJdks.UNPINNED_MONITORS_SINCE) {
            assertThat(jdks.jdk("25").feature()).isEqualTo(Runtime.version().feature());
        } else {
            assertThatThrownBy(() -> jdks.jdk("25")).isInstanceOf(NothingToDo.class)
                    .hasMessageStartingWith("[JVM] SKIP the JDK 25 half");
        }
    }

    @Test
    void aHomeFolderStandsForItsJava() {
        Path home = THIS_JAVA.getParent().getParent();
        assertThat(ComparedJdks.javaIn(home)).isEqualTo(home.resolve("bin/java"));
        assertThat(ComparedJdks.javaIn(THIS_JAVA)).isEqualTo(THIS_JAVA);
    }

    @Test
    void anUnknownJdkLabelIsOneLine() {
        ComparedJdks jdks = new ComparedJdks(empty, false, Optional.empty(), THIS_JAVA);
        assertThatThrownBy(() -> jdks.jdk("17")).isInstanceOf(HarnessException.class)
                .hasMessage("unknown JDK '17' in a pitfall scenario (allowed: 21, 25)");
    }
}
