package io.loomarena.http.server.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;

import io.loomarena.http.server.protocol.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Validators are made once per file version: the same version object while the file is unchanged, a new one after. */
class StaticVersionTest {

    @Test
    void keepsOneVersionPerSizeAndModificationTime(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a.txt"), "hello");
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2024-05-01T10:00:00Z")));
        DiskContent disk = new DiskContent(file, new Docroot(dir), CacheControl.staticContent(60));
        StaticVersion first = disk.version(file, ContentType.TEXT, attributes(file));
        assertThat(disk.version(file, ContentType.TEXT, attributes(file))).as("unchanged: the same").isSameAs(first);
        assertThat(first.validators().lastModified()).isEqualTo(Instant.parse("2024-05-01T10:00:00Z").getEpochSecond());
        assertThat(new String(first.fields(), java.nio.charset.StandardCharsets.US_ASCII))
                .contains("ETag: \"", "Last-Modified: Wed, 01 May 2024 10:00:00 GMT\r\n", "Accept-Ranges: bytes\r\n",
                        "Cache-Control: max-age=60\r\n");

        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2024-05-01T10:00:01Z")));
        StaticVersion touched = disk.version(file, ContentType.TEXT, attributes(file));
        assertThat(touched).isNotSameAs(first);
        assertThat(touched.validators().etag()).isNotEqualTo(first.validators().etag());

        Files.writeString(file, "hello!");
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2024-05-01T10:00:01Z")));
        assertThat(disk.version(file, ContentType.TEXT, attributes(file)).validators().etag())
                .as("same time, another size").isNotEqualTo(touched.validators().etag());
    }

    private static BasicFileAttributes attributes(Path file) throws Exception {
        return Files.readAttributes(file, BasicFileAttributes.class);
    }
}
