package io.loomarena.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundledContentTest {

    @TempDir
    Path tmp;

    @Test
    void extractsEveryBundledFileOnceIntoOneFolderNamedAfterTheContent() throws IOException {
        Path first = BundledContent.extract(tmp);
        Path second = BundledContent.extract(tmp);

        assertThat(second).isEqualTo(first);
        assertThat(first.getFileName().toString()).matches(BundledContent.PREFIX + "[0-9a-f]{16}");
        assertThat(first.resolve("data").resolve(BundledContent.DATA_FILE)).hasBinaryContent(
                resource("data/" + BundledContent.DATA_FILE));
        for (String file : BundledContent.DOCROOT_FILES) {
            assertThat(first.resolve("docroot").resolve(file)).hasBinaryContent(resource("docroot/" + file));
        }
        assertThat(children()).containsExactly(first);
    }

    @Test
    void aFolderThatLostFilesIsExtractedAnew() throws IOException {
        Path first = BundledContent.extract(tmp);
        Files.delete(first.resolve("docroot").resolve("style.css"));
        Files.write(first.resolve("data").resolve(BundledContent.DATA_FILE), new byte[] {'['});

        Path again = BundledContent.extract(tmp);

        assertThat(again).isEqualTo(first);
        assertThat(again.resolve("docroot").resolve("style.css")).hasBinaryContent(resource("docroot/style.css"));
        assertThat(again.resolve("data").resolve(BundledContent.DATA_FILE)).hasBinaryContent(
                resource("data/" + BundledContent.DATA_FILE));
        assertThat(children()).containsExactly(first);
    }

    @Test
    void serversStartingTogetherShareOneCompleteFolderAndLeaveNoPartialOne() throws Exception {
        int servers = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(servers);
        try {
            List<Future<Path>> roots = new ArrayList<>();
            for (int i = 0; i < servers; i++) {
                roots.add(pool.submit(() -> {
                    start.await();
                    return BundledContent.extract(tmp);
                }));
            }
            start.countDown();
            Path root = roots.get(0).get(30, TimeUnit.SECONDS);
            for (Future<Path> other : roots) {
                assertThat(other.get(30, TimeUnit.SECONDS)).isEqualTo(root);
            }
            assertThat(children()).containsExactly(root);
            assertThat(root.resolve("docroot").resolve("index.html")).hasBinaryContent(resource("docroot/index.html"));
        } finally {
            pool.shutdownNow();
        }
    }

    private List<Path> children() throws IOException {
        try (Stream<Path> children = Files.list(tmp)) {
            return children.toList();
        }
    }

    private static byte[] resource(String path) throws IOException {
        try (InputStream in = BundledContent.class.getResourceAsStream("/loomarena/" + path)) {
            assertThat(in).as(path).isNotNull();
            return in.readAllBytes();
        }
    }
}
