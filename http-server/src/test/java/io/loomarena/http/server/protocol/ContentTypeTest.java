package io.loomarena.http.server.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class ContentTypeTest {

    @Test
    void aFileIsTypedByItsNamesExtensionWhateverItsFolders() {
        assertThat(ContentType.forFile(Path.of("/srv/docroot/css.d/site.CSS")).value())
                .isEqualTo("text/css; charset=utf-8");
        assertThat(ContentType.forFile(Path.of("index.html"))).isSameAs(ContentType.HTML);
        assertThat(ContentType.forFile(Path.of("/srv/data.json"))).isSameAs(ContentType.JSON);
    }

    @Test
    void anUnknownExtensionNoExtensionAndANamelessPathAreOctetStreams() {
        assertThat(ContentType.forFile(Path.of("archive.tar.zst"))).isSameAs(ContentType.OCTET_STREAM);
        assertThat(ContentType.forFile(Path.of("/srv/docroot.d/README"))).isSameAs(ContentType.OCTET_STREAM);
        assertThat(ContentType.forFile(Path.of("/"))).isSameAs(ContentType.OCTET_STREAM);
    }
}
