package io.loomarena.testing.http.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Requests made with {@code java.net.http.HttpClient} in a scenario, and what they answered. Expected and observed
 * rows are records of the same shape, so a Then step compares them in one assertion. One per scenario.
 */
public final class HttpExchanges implements AutoCloseable {

    /** What a row of an endpoint table says, or what a response showed for it. */
    public record EndpointView(String path, int status, String contentType, boolean bodyMatches) {
    }

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(15);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ServerUnderTest server;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, HttpResponse<byte[]>> byPath = new LinkedHashMap<>();
    private final List<Map<String, String>> rows = new ArrayList<>();
    private HttpResponse<byte[]> last;

    public HttpExchanges(ServerUnderTest server) {
        this.server = server;
    }

    /** GET of one path; the response is kept as the last one and by path. */
    public HttpResponse<byte[]> get(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(REQUEST_TIMEOUT).GET().build();
        try {
            last = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            byPath.put(path, last);
            return last;
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** GET of every row's path (columns path, status, content type, body contains). */
    public void getEach(List<Map<String, String>> table) {
        rows.addAll(table);
        table.forEach(row -> get(row.get("path")));
    }

    public List<EndpointView> expectedViews() {
        return rows.stream().map(row -> new EndpointView(row.get("path"), Integer.parseInt(row.get("status")),
                row.get("content type"), true)).toList();
    }

    public List<EndpointView> observedViews() {
        return rows.stream().map(row -> {
            HttpResponse<byte[]> response = byPath.get(row.get("path"));
            return new EndpointView(row.get("path"), response.statusCode(),
                    response.headers().firstValue("content-type").orElse(null),
                    text(response).contains(RequestText.expand(row.get("body contains"))));
        }).toList();
    }

    /** Responses that miss Date, Server or Content-Type, or whose Content-Length is not their body length. */
    public List<String> responsesMissingStandardFields() {
        List<String> faults = new ArrayList<>();
        byPath.forEach((path, response) -> {
            var headers = response.headers();
            long length = headers.firstValueAsLong("content-length").orElse(-1);
            if (headers.firstValue("date").isEmpty() || headers.firstValue("server").isEmpty()
                    || headers.firstValue("content-type").isEmpty() || length != response.body().length) {
                faults.add(path + " -> " + headers.map());
            }
        });
        return faults;
    }

    /** The body of an earlier GET, read as a JSON array of objects. */
    public List<Map<String, Object>> jsonRecords(String path) {
        try {
            return JSON.readValue(byPath.get(path).body(), new TypeReference<>() { });
        } catch (IOException e) {
            throw new UncheckedIOException("not a JSON array of objects: " + path, e);
        }
    }

    public String body(String path) {
        return text(byPath.get(path));
    }

    public HttpResponse<byte[]> last() {
        return last;
    }

    public String lastBody() {
        return text(last);
    }

    private static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        client.shutdownNow();
    }
}
