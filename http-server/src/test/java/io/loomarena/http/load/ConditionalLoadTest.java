package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.measure.RunResult;

/**
 * {@code load --conditional} against a loopback {@link TinyHttpServer} (its connections read with a timeout): the
 * ETag of a first GET goes into every request's {@code If-None-Match}, only a 304 is a success, and a server that
 * gives nothing to revalidate gets one line and exit 1 before any run.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ConditionalLoadTest {

    @TempDir
    Path dir;

    private static LoadCommandRun load(String... args) {
        return LoadCommandRun.of(List.of("--conditional", "--client", "virtual"), args);
    }

    private String json() {
        return dir.resolve("run.json").toString();
    }

    private static byte[] answer(String statusAndHeaders, String body) {
        return ("HTTP/1.1 " + statusAndHeaders + "\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A static resource with the entity tag "v1": 304 to If-None-Match with it, else 200 and the body. */
    private static TinyHttpServer.Behaviour revalidated(Queue<String> heads) {
        return (n, head) -> {
            heads.add(head);
            return head.contains("If-None-Match: \"v1\"\r\n")
                    ? "HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)
                    : answer("200 OK\r\nETag: \"v1\"", "{\"users\":[]}");
        };
    }

    @Test
    void everyRequestCarriesTheEtagOfAFirstGetAndEach304IsASuccess() throws IOException {
        Queue<String> heads = new ConcurrentLinkedQueue<>();
        try (TinyHttpServer server = new TinyHttpServer(revalidated(heads))) {
            LoadCommandRun run = load("--url", server.url("/data.json"), "--connections", "2", "--requests", "10",
                    "--json", json());

            assertThat(run.status()).as(run.out() + run.err()).isZero();
            RunResult result = RunResult.readJson(dir.resolve("run.json"));
            assertThat(result.operations()).isEqualTo(10);
            assertThat(result.errors()).isEmpty();
            assertThat(result.workload()).containsEntry("ifNoneMatch", "\"v1\"");
            assertThat(server.requests()).isEqualTo(11); // the first GET, not measured, then the run
            List<String> sent = List.copyOf(heads);
            assertThat(sent.getFirst()).startsWith("GET /data.json HTTP/1.1\r\n").doesNotContain("If-None-Match");
            assertThat(sent.subList(1, sent.size())).hasSize(10)
                    .allSatisfy(head -> assertThat(head).startsWith("GET /data.json HTTP/1.1\r\n")
                            .contains("\r\nIf-None-Match: \"v1\"\r\n"));
            assertThat(run.out()).contains("GET " + server.url("/data.json") + " with If-None-Match: \"v1\"");
        }
    }

    @Test
    void aFullAnswerToAConditionalRequestIsAStatusError() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(
                (n, head) -> answer("200 OK\r\nETag: W/\"v1\"", "{\"users\":[]}"))) {
            LoadCommandRun run = load("--url", server.url("/data.json"), "--connections", "1", "--requests", "4",
                    "--json", json());

            assertThat(run.status()).isEqualTo(1);
            RunResult result = RunResult.readJson(dir.resolve("run.json"));
            assertThat(result.errors()).containsExactly(java.util.Map.entry("status_200", 4L));
            assertThat(result.operations()).isZero();
        }
    }

    @Test
    void nothingToRevalidateIsOneLineAndNoRun() throws IOException {
        String[][] cases = {
            {"200 OK", "answered 200 without an ETag: nothing to revalidate"},
            {"200 OK\r\nETag: v1", "answered the ETag 'v1', which is not an entity tag (\"...\" or W/\"...\")"},
            {"404 Not Found", "answered 404, not 2xx: no representation to revalidate"},
        };
        for (String[] answerAndLine : cases) {
            try (TinyHttpServer server = new TinyHttpServer((n, head) -> answer(answerAndLine[0], "x"))) {
                LoadCommandRun run = load("--url", server.url("/data.json"), "--connections", "1", "--requests", "4",
                        "--json", json());

                assertThat(run.status()).as(answerAndLine[0]).isEqualTo(1);
                assertThat(run.err().lines()).containsExactly("http-server load: --conditional: GET "
                        + server.url("/data.json") + " " + answerAndLine[1]);
                assertThat(run.out()).isEmpty();
                assertThat(server.requests()).isEqualTo(1);
                assertThat(dir.resolve("run.json")).doesNotExist();
            }
        }
    }

    @Test
    void aServerThatIsNotThereIsOneLine() throws IOException {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        LoadCommandRun run = load("--url", "http://127.0.0.1:" + port + "/data.json", "--connections", "1", "--requests", "1");

        assertThat(run.status()).isEqualTo(1);
        assertThat(run.err().lines()).singleElement().asString()
                .startsWith("http-server load: --conditional: GET http://127.0.0.1:" + port + "/data.json before the"
                        + " run: connection refused: nothing is listening on 127.0.0.1:" + port);
    }

    @Test
    void aTargetRevalidatesOnlyAnEntityTag() {
        Target target = Target.parse("http://127.0.0.1:8010/data.json", false);

        assertThat(new String(target.revalidating("W/\"a-1\"").requestBytes(true), StandardCharsets.US_ASCII))
                .isEqualTo("GET /data.json HTTP/1.1\r\nHost: 127.0.0.1:8010\r\nIf-None-Match: W/\"a-1\"\r\n\r\n");
        assertThat(target.conditional()).isFalse();
        for (String bad : new String[] {"a-1", "\"a\"\r\nX-Injected: 1", "\"a", "\"a\" \"b\"", ""}) {
            assertThatThrownBy(() -> target.revalidating(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an entity tag");
        }
    }
}
