package io.loomarena.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.time.Duration;
import java.util.Collections;
import java.util.stream.Stream;

import io.loomarena.http.server.ConformanceModels.Model;
import io.loomarena.http.server.protocol.HttpDates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Validators, conditional requests, ranges and Cache-Control on static content, on every conformance model over
 * real sockets (RFC 9110 sections 8.8, 13, 14; RFC 9111 5.2.2): the same answers from disk and from memory.
 */
class StaticConformanceTest {

    private static final String FILE = "/files/index.html";

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    static Stream<Model> models() {
        return ConformanceModels.all();
    }

    private RawResponse get(String path, String fields) throws Exception {
        return ConformanceModels.exchange(server, "GET " + path + " HTTP/1.1\r\nHost: t\r\n" + fields + "\r\n");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void answersWithValidatorsAndConditionalRequests(Model model) throws Exception {
        server = HttpServer.start(model.config().build());
        for (String path : new String[] {FILE, "/data.json"}) {
            RawResponse full = get(path, "");
            assertThat(full.status()).isEqualTo(200);
            String etag = full.field("ETag");
            String lastModified = full.field("Last-Modified");
            assertThat(etag).as(path).matches("\"[0-9a-f]+-[0-9a-f]+\"");
            assertThat(HttpDates.parse(lastModified)).isNotEqualTo(HttpDates.INVALID);
            assertThat(full.field("Accept-Ranges")).isEqualTo("bytes");
            assertThat(full.field("Cache-Control")).isEqualTo("max-age=60");
            RawResponse head = ConformanceModels.exchange(server, "HEAD " + path + " HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(head.field("ETag")).isEqualTo(etag);
            assertThat(head.field("Last-Modified")).isEqualTo(lastModified);
            assertThat(get(path, "").field("ETag")).as("the same on every request").isEqualTo(etag);

            for (String condition : new String[] {"If-None-Match: " + etag, "If-None-Match: W/" + etag,
                    "If-None-Match: \"x\", " + etag, "If-None-Match: *", "If-Modified-Since: " + lastModified}) {
                RawResponse notModified = get(path, condition + "\r\n");
                assertThat(notModified.status()).as(condition).isEqualTo(304);
                assertThat(notModified.field("ETag")).isEqualTo(etag);
                assertThat(notModified.field("Last-Modified")).isEqualTo(lastModified);
                assertThat(notModified.field("Date")).isNotNull();
                assertThat(notModified.field("Content-Length")).isNull();
            }
            for (String ignored : new String[] {"If-None-Match: \"x\"", "If-None-Match: " + etag.replace("\"", ""),
                    "If-Modified-Since: garbage", "If-None-Match: \"x\"\r\nIf-Modified-Since: " + lastModified}) {
                assertThat(get(path, ignored + "\r\n").status()).as(ignored).isEqualTo(200);
            }
            for (String failing : new String[] {"If-Match: \"x\"", "If-Match: W/" + etag,
                    "If-Unmodified-Since: Thu, 01 Jan 1970 00:00:00 GMT"}) {
                assertThat(get(path, failing + "\r\n").status()).as(failing).isEqualTo(412);
            }
            assertThat(get(path, "If-Match: " + etag + "\r\n").status()).isEqualTo(200);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void answersRangesAndIgnoresWhatItMustIgnore(Model model) throws Exception {
        server = HttpServer.start(model.config().build());
        RawResponse full = get(FILE, "");
        byte[] body = full.body();
        int size = body.length;
        String etag = full.field("ETag");

        RawResponse part = get(FILE, "Range: bytes=10-19\r\n");
        assertThat(part.status()).isEqualTo(206);
        assertThat(part.field("Content-Range")).isEqualTo("bytes 10-19/" + size);
        assertThat(part.body()).isEqualTo(java.util.Arrays.copyOfRange(body, 10, 20));
        RawResponse suffix = get(FILE, "Range: bytes=-5\r\n");
        assertThat(suffix.field("Content-Range")).isEqualTo("bytes " + (size - 5) + "-" + (size - 1) + "/" + size);
        assertThat(suffix.body()).isEqualTo(java.util.Arrays.copyOfRange(body, size - 5, size));
        RawResponse open = get(FILE, "Range: bytes=" + (size - 3) + "-99999999\r\n");
        assertThat(open.status()).isEqualTo(206);
        assertThat(open.body()).hasSize(3);
        assertThat(get(FILE, "Range: bytes=" + (size - 3) + "-\r\n").body()).hasSize(3);

        for (String unsatisfiable : new String[] {"bytes=" + size + "-", "bytes=-0", "bytes=99999999999999999999999-"}) {
            RawResponse refused = get(FILE, "Range: " + unsatisfiable + "\r\n");
            assertThat(refused.status()).as(unsatisfiable).isEqualTo(416);
            assertThat(refused.field("Content-Range")).isEqualTo("bytes */" + size);
        }
        String thousand = "bytes=" + String.join(",", Collections.nCopies(1000, "0-0"));
        for (String ignored : new String[] {"bytes=abc", "bytes=5-1", "items=0-5", thousand, "bytes=0-9,100-109"}) {
            RawResponse whole = get(FILE, "Range: " + ignored + "\r\n");
            assertThat(whole.status()).as(ignored).isEqualTo(200);
            assertThat(whole.body()).isEqualTo(body);
        }
        assertThat(get(FILE, "Range: bytes=0-0,0-0,0-0\r\n").body()).hasSize(1);
        assertThat(get(FILE, "Range: bytes=0-4\r\nIf-Range: " + etag + "\r\n").status()).isEqualTo(206);
        assertThat(get(FILE, "Range: bytes=0-4\r\nIf-Range: \"old\"\r\n").status()).isEqualTo(200);
        assertThat(get(FILE, "Range: bytes=0-4\r\nIf-Range: " + full.field("Last-Modified") + "\r\n").status())
                .isEqualTo(206);
        RawResponse headRange = ConformanceModels.exchange(server,
                "HEAD " + FILE + " HTTP/1.1\r\nHost: t\r\nRange: bytes=0-4\r\n\r\n");
        assertThat(headRange.status()).as("Range is for GET only").isEqualTo(200);

        // A connection stays usable after every answer: 206, 416, 304 and 200 pipelined in one write.
        try (Socket socket = ConformanceModels.connect(server)) {
            ConformanceModels.send(socket, "GET " + FILE + " HTTP/1.1\r\nHost: t\r\nRange: bytes=0-0\r\n\r\n"
                    + "GET " + FILE + " HTTP/1.1\r\nHost: t\r\nRange: bytes=-0\r\n\r\n"
                    + "GET " + FILE + " HTTP/1.1\r\nHost: t\r\nIf-None-Match: " + etag + "\r\n\r\n"
                    + "GET /ping HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(RawResponse.read(socket.getInputStream(), false).status()).isEqualTo(206);
            assertThat(RawResponse.read(socket.getInputStream(), false).status()).isEqualTo(416);
            assertThat(RawResponse.read(socket.getInputStream(), false).status()).isEqualTo(304);
            RawResponse pong = RawResponse.read(socket.getInputStream(), false);
            assertThat(pong.text()).isEqualTo("pong");
            assertThat(pong.field("Cache-Control")).isEqualTo("no-store");
        }
        for (String dynamic : new String[] {"/metrics", "/io?ms=0", "/cpu?n=1"}) {
            assertThat(get(dynamic, "").field("Cache-Control")).as(dynamic).isEqualTo("no-store");
        }
    }
}
