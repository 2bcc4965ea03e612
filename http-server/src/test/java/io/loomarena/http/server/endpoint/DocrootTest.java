package io.loomarena.http.server.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import io.loomarena.http.server.protocol.HttpException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** No way out of the docroot: docs/hardening.md #19 after percent-decoding. */
class DocrootTest {

    @TempDir
    Path dir;

    @Test
    void servesFilesAndSubfoldersInside() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root/sub"));
        Files.writeString(dir.resolve("root/index.html"), "<p>");
        Files.writeString(root.resolve("a.txt"), "a");
        Docroot docroot = new Docroot(dir.resolve("root"));
        assertThat(docroot.resolve("index.html")).hasContent("<p>");
        assertThat(docroot.resolve("sub/a.txt")).hasContent("a");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"../secret.txt", "../../etc/passwd", "sub/../../secret.txt", "..", ".", "", "sub/",
            "/etc/passwd", "sub//a.txt", ".hidden", "sub\\..\\..\\secret.txt", "x\0.html", "missing.html", "sub",
            "link/secret.txt", "escape"})
    void refusesEverythingElseWith404(String name) throws Exception {
        Files.createDirectories(dir.resolve("root/sub"));
        Files.writeString(dir.resolve("root/.hidden"), "h");
        Files.writeString(dir.resolve("secret.txt"), "secret");
        Files.createSymbolicLink(dir.resolve("root/link"), dir);
        Files.createSymbolicLink(dir.resolve("root/escape"), dir.resolve("secret.txt"));
        Docroot docroot = new Docroot(dir.resolve("root"));
        assertThatThrownBy(() -> docroot.resolve(name)).isInstanceOfSatisfying(HttpException.class,
                e -> assertThat(e.status()).isEqualTo(404));
    }
}
