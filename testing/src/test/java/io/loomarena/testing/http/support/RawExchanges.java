package io.loomarena.testing.http.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Requests written on raw sockets in a scenario: one kept connection, or one connection per table row, and what
 * came back. Expected and observed rows share a record type so a Then step compares them in one assertion.
 * One per scenario; closes its connections.
 */
public final class RawExchanges implements AutoCloseable {

    /**
     * A row of a request table: status, the Connection field (persistence rows), whether the response says
     * {@code Connection: close} (error rows), what became of the connection, whether the body matched.
     */
    public record RowView(String request, int status, String connectionField, Boolean saysClose,
                          RawHttpConnection.PeerState after, boolean bodyMatches) {
    }

    /** HEAD or GET of one path, as far as the fields go. */
    public record HeadView(String path, int status, String contentType, String contentLength) {
    }

    /** How long a connection must stay quiet to count as kept open. */
    public static final Duration QUIET = Duration.ofMillis(300);
    /** How long a server may take to close a connection it rejected. */
    public static final Duration CLOSE_WITHIN = Duration.ofSeconds(5);

    private final ServerUnderTest server;
    private final List<RawHttpConnection> connections = new ArrayList<>();
    private final List<RawResponse> responses = new ArrayList<>();
    private final List<RowView> expected = new ArrayList<>();
    private final List<RowView> observed = new ArrayList<>();
    private final List<HeadView> heads = new ArrayList<>();
    private final List<HeadView> gets = new ArrayList<>();
    private final List<RawResponse> followUps = new ArrayList<>();
    private RawHttpConnection connection;

    public RawExchanges(ServerUnderTest server) {
        this.server = server;
    }

    public RawHttpConnection open() {
        RawHttpConnection opened = RawHttpConnection.open(server.port());
        connections.add(opened);
        return opened;
    }

    public void openKept() {
        connection = open();
    }

    public RawHttpConnection connection() {
        return connection;
    }

    public void send(String text) {
        connection.send(text);
    }

    public void sendAndHalfClose(String text) {
        connection.send(text);
        connection.halfClose();
    }

    public void read(int count) {
        for (int i = 0; i < count; i++) {
            responses.add(connection.read());
        }
    }

    public List<RawResponse> responses() {
        return responses;
    }

    public List<Integer> statuses() {
        return responses.stream().map(RawResponse::status).toList();
    }

    public List<String> bodies() {
        return responses.stream().map(RawResponse::bodyText).toList();
    }

    /**
     * Each row's request on its own connection (columns: request, and status, connection, body contains, or
     * connection field, after); the connection is checked (closed, or quiet for a moment), then closed.
     */
    public void eachOnItsOwnConnection(List<Map<String, String>> table) {
        eachOnItsOwnConnection(table, null);
    }

    /**
     * Like {@link #eachOnItsOwnConnection(List)}; a response to HEAD is read as having no content (any byte after its
     * fields shows as more bytes sent), and when {@code followUpPath} is not null every connection found open then
     * gets a GET of it, whose response goes to {@link #followUps()}.
     */
    public void eachOnItsOwnConnection(List<Map<String, String>> table, String followUpPath) {
        for (Map<String, String> row : table) {
            try (RawHttpConnection own = open()) {
                own.sendTolerant(row.get("request"));
                RawResponse response = own.read(row.get("request").startsWith("HEAD "), RawHttpConnection.READ_TIMEOUT);
                responses.add(response);
                boolean persistenceRow = row.containsKey("connection field");
                boolean expectOpen = row.get(persistenceRow ? "after" : "connection").contains("open");
                RawHttpConnection.PeerState state = own.peerState(expectOpen ? QUIET : CLOSE_WITHIN);
                String contains = row.get("body contains");
                expected.add(new RowView(row.get("request"), row.containsKey("status") ? Integer.parseInt(row.get("status")) : 200,
                        persistenceRow ? row.get("connection field") : null,
                        persistenceRow ? null : !expectOpen,
                        expectOpen ? RawHttpConnection.PeerState.OPEN : RawHttpConnection.PeerState.CLOSED, true));
                observed.add(new RowView(row.get("request"), response.status(),
                        persistenceRow ? (response.header("connection") == null ? "(none)" : response.header("connection")) : null,
                        persistenceRow ? null : response.closes(),
                        state, contains == null || response.bodyText().contains(contains)));
                if (followUpPath != null && state == RawHttpConnection.PeerState.OPEN) {
                    own.send("GET " + followUpPath + " HTTP/1.1\r\nHost: t\r\n\r\n");
                    followUps.add(own.read());
                }
            }
        }
    }

    /** The responses to the follow-up GETs of {@link #eachOnItsOwnConnection(List, String)}. */
    public List<RawResponse> followUps() {
        return followUps;
    }

    public List<RowView> expectedRows() {
        return expected;
    }

    public List<RowView> observedRows() {
        return observed;
    }

    /** For each path a HEAD then a GET, all pipelined in one write on one connection. */
    public void headAndGetPipelined(List<String> paths) {
        StringBuilder requests = new StringBuilder();
        for (String path : paths) {
            requests.append("HEAD ").append(path).append(" HTTP/1.1\r\nHost: t\r\n\r\n");
            requests.append("GET ").append(path).append(" HTTP/1.1\r\nHost: t\r\n\r\n");
        }
        try (RawHttpConnection own = open()) {
            own.send(requests.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            for (String path : paths) {
                RawResponse head = own.read(true, RawHttpConnection.READ_TIMEOUT);
                RawResponse get = own.read();
                heads.add(new HeadView(path, head.status(), head.header("content-type"), head.header("content-length")));
                gets.add(new HeadView(path, get.status(), get.header("content-type"), get.header("content-length")));
            }
        }
    }

    public List<HeadView> heads() {
        return heads;
    }

    public List<HeadView> gets() {
        return gets;
    }

    /** Each path as a GET on its own connection (for traversal attempts). */
    public void getEachOnItsOwnConnection(List<String> paths) {
        for (String path : paths) {
            try (RawHttpConnection own = open()) {
                own.send("GET " + path + " HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
                responses.add(own.read());
            }
        }
    }

    /** Responses that miss Date, Server or Content-Type, or whose Content-Length is not their body length. */
    public List<String> responsesMissingStandardFields() {
        return responses.stream().filter(r -> r.header("date") == null || r.header("server") == null
                        || r.header("content-type") == null || r.header("content-length") == null
                        || Integer.parseInt(r.header("content-length")) != r.body().length)
                .map(r -> r.status() + " " + r.headers()).toList();
    }

    /** Status of GET path on a new connection. */
    public int statusOf(String path) {
        try (RawHttpConnection own = open()) {
            own.send("GET " + path + " HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
            return own.read().status();
        }
    }

    @Override
    public void close() {
        connections.forEach(RawHttpConnection::close);
    }
}
