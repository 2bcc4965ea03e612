package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParentFolderTest {

    @Test
    void createsTheMissingFoldersOfAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("suite/combination/summary.json");

        assertThat(ParentFolder.create(file)).isEqualTo(dir.resolve("suite/combination"));
        assertThat(dir.resolve("suite/combination")).isDirectory();
        assertThat(file).doesNotExist();
    }

    @Test
    void aBareFileNameGoesInTheWorkingDirectory() throws Exception {
        // getParent() is null for a bare name: this used to be a NullPointerException in Files.createDirectories.
        Path file = Path.of("report.html");

        assertThat(file.getParent()).isNull();
        assertThat(ParentFolder.create(file)).isEqualTo(Path.of("").toAbsolutePath());
    }

    @Test
    void aRootIsRefusedWithAClearMessage() {
        Path root = Path.of("").toAbsolutePath().getRoot();

        assertThatThrownBy(() -> ParentFolder.create(root))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot write a file at " + root + ": it is a root folder");
        assertThat(Files.isDirectory(root)).isTrue();
    }
}
