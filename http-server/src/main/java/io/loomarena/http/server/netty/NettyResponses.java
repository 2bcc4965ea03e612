package io.loomarena.http.server.netty;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.loomarena.http.server.ServerMetrics;
import io.loomarena.http.server.endpoint.MetricsEndpoint;
import io.loomarena.http.server.protocol.ByteRanges;
import io.loomarena.http.server.protocol.Conditional;
import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.DateHeader;
import io.loomarena.http.server.protocol.HttpDates;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.Validators;
import io.loomarena.model.ServerModel;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;

/**
 * The reference's answers, as Netty's HTTP codec writes them: the same status lines, fields and bodies as the other
 * models ({@code Server}, {@code Date}, {@code Content-Type}, {@code Content-Length}, then {@code Connection} when the
 * connection closes or is an HTTP/1.0 keep-alive), the field names spelled as theirs (Netty's own constants are lower
 * case). The bodies of {@code /ping} and {@code /data.json} are made once, in direct buffers that every response
 * shares (unreleasable duplicates, as Netty's benchmark servers do), and the date is formatted once per second.
 * Thread-safe.
 */
final class NettyResponses {

    static final AsciiString CLOSE = AsciiString.cached("close");
    static final AsciiString KEEP_ALIVE = AsciiString.cached("keep-alive");
    private static final AsciiString SERVER = AsciiString.cached("Server");
    private static final AsciiString DATE = AsciiString.cached("Date");
    private static final AsciiString CONTENT_TYPE = AsciiString.cached("Content-Type");
    private static final AsciiString CONTENT_LENGTH = AsciiString.cached("Content-Length");
    private static final AsciiString CONNECTION = AsciiString.cached("Connection");
    private static final AsciiString ALLOW = AsciiString.cached("Allow");
    private static final AsciiString ETAG = AsciiString.cached("ETag");
    private static final AsciiString LAST_MODIFIED = AsciiString.cached("Last-Modified");
    private static final AsciiString CACHE_CONTROL = AsciiString.cached("Cache-Control");
    private static final AsciiString NO_STORE = AsciiString.cached("no-store");
    private static final AsciiString ACCEPT_RANGES = AsciiString.cached("Accept-Ranges");
    private static final AsciiString BYTES = AsciiString.cached("bytes");
    private static final AsciiString CONTENT_RANGE = AsciiString.cached("Content-Range");
    private static final AsciiString SERVER_NAME = AsciiString.cached("loom-arena");
    private static final AsciiString TEXT = AsciiString.cached(ContentType.TEXT.value());
    private static final AsciiString JSON = AsciiString.cached(ContentType.JSON.value());
    private static final AsciiString PROMETHEUS = AsciiString.cached(ContentType.PROMETHEUS.value());
    private static final AsciiString ALLOWED = AsciiString.cached("GET, HEAD");
    /** The fields are ours and valid: no validation per response, as Netty's benchmark servers do. */
    private static final HttpHeadersFactory HEADERS = DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final int SHOWN_PATH = 80;
    /** 416 with RFC 9110's reason phrase, as the other models write it (Netty's constant has RFC 7233's). */
    private static final HttpResponseStatus RANGE_NOT_SATISFIABLE = new HttpResponseStatus(
            HttpStatus.RANGE_NOT_SATISFIABLE, HttpStatus.reason(HttpStatus.RANGE_NOT_SATISFIABLE));

    /** The date value of one second, kept with the line it was cut from ({@link DateHeader} makes one a second). */
    private record Date(byte[] line, AsciiString value) {
    }

    private final ServerMetrics metrics;
    private final ByteBuf pong = shared("pong".getBytes(StandardCharsets.US_ASCII));
    private final ByteBuf data;
    private final Validators dataValidators;
    private final AsciiString dataEtag;
    private final AsciiString dataLastModified;
    private final AsciiString dataCacheControl;
    private final MetricsEndpoint metricsEndpoint;
    private final String transportLines;
    private volatile Date date = new Date(new byte[0], AsciiString.EMPTY_STRING);

    /**
     * @param data           the body of {@code /data.json}
     * @param dataValidators its validators, made once as the other models make them ({@link Validators})
     * @param maxAge         its {@code Cache-Control: max-age}
     */
    NettyResponses(byte[] data, Validators dataValidators, int maxAge, ServerMetrics metrics, ServerModel model,
            boolean epoll) {
        this.metrics = metrics;
        this.data = shared(data);
        this.dataValidators = dataValidators;
        this.dataEtag = AsciiString.cached(dataValidators.etag());
        this.dataLastModified = AsciiString.cached(HttpDates.format(dataValidators.lastModified()));
        this.dataCacheControl = AsciiString.cached("max-age=" + maxAge);
        this.metricsEndpoint = new MetricsEndpoint(metrics, model);
        this.transportLines = "# HELP loomarena_http_netty_epoll 1 when Netty runs on its epoll transport, 0 on NIO.\n"
                + "# TYPE loomarena_http_netty_epoll gauge\nloomarena_http_netty_epoll " + (epoll ? 1 : 0) + "\n";
    }

    /** The server's counters, which every connection updates. */
    ServerMetrics metrics() {
        return metrics;
    }

    private static ByteBuf shared(byte[] body) {
        return Unpooled.unreleasableBuffer(Unpooled.directBuffer(body.length).writeBytes(body).asReadOnly());
    }

    /**
     * The answer to {@code method path}, its body left out for HEAD.
     *
     * @param headers    the request's fields (the preconditions of {@code /data.json} are evaluated as the other
     *                   models do, with {@link Conditional})
     * @param connection what the response says of the connection ({@link #CLOSE}, {@link #KEEP_ALIVE}) or null
     */
    FullHttpResponse answer(HttpMethod method, String path, HttpHeaders headers, AsciiString connection) {
        boolean known = path.equals("/ping") || path.equals("/data.json") || path.equals("/metrics");
        if (!known) {
            String shown = path.length() > SHOWN_PATH ? path.substring(0, SHOWN_PATH) + "..." : path;
            return text(HttpResponseStatus.NOT_FOUND, method, "no resource " + shown
                    + " in the netty reference (it serves " + NettyHttpServer.ENDPOINTS + ")\n", connection);
        }
        if (method != HttpMethod.GET && method != HttpMethod.HEAD) {
            FullHttpResponse refused = text(HttpResponseStatus.METHOD_NOT_ALLOWED, method,
                    method + " is not allowed on " + path + "; allowed: " + ALLOWED + "\n", connection);
            refused.headers().set(ALLOW, ALLOWED);
            return refused;
        }
        FullHttpResponse response = switch (path) {
            case "/ping" -> response(HttpResponseStatus.OK, method, TEXT, pong.duplicate(), connection);
            case "/data.json" -> data(method, headers, connection);
            default -> response(HttpResponseStatus.OK, method, PROMETHEUS, Unpooled.wrappedBuffer(
                    (metricsEndpoint.render() + transportLines).getBytes(StandardCharsets.UTF_8)), connection);
        };
        if (!path.equals("/data.json")) {
            response.headers().set(CACHE_CONTROL, NO_STORE);
        }
        return response;
    }

    /**
     * {@code /data.json} with its validators: 304 or 412 as its preconditions say, then 206 or 416 as its
     * {@code Range} says, by the rules the other models follow ({@link Conditional}, {@link ByteRanges}).
     */
    private FullHttpResponse data(HttpMethod method, HttpHeaders headers, AsciiString connection) {
        Conditional.Preconditions preconditions = new Conditional.Preconditions(joined(headers, "If-Match"),
                joined(headers, "If-Unmodified-Since"), joined(headers, "If-None-Match"),
                joined(headers, "If-Modified-Since"));
        FullHttpResponse response;
        String contentRange = null;
        switch (preconditions.none() ? Conditional.Outcome.PROCEED
                : Conditional.evaluate(preconditions, true, dataValidators)) {
            case NOT_MODIFIED -> {
                response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_MODIFIED,
                        Unpooled.EMPTY_BUFFER, HEADERS, HEADERS);
                response.headers().set(SERVER, SERVER_NAME).set(DATE, date());
                if (connection != null) {
                    response.headers().set(CONNECTION, connection);
                }
            }
            case PRECONDITION_FAILED -> {
                return text(HttpResponseStatus.PRECONDITION_FAILED, method,
                        "precondition failed: the representation's validators are " + dataValidators.etag() + "\n",
                        connection);
            }
            default -> {
                String range = method == HttpMethod.GET ? headers.get("Range") : null;
                ByteRanges.Selection selection = range != null
                        && Conditional.ifRangeHolds(headers.get("If-Range"), dataValidators)
                        ? ByteRanges.select(range, data.readableBytes()) : null;
                if (selection != null && selection.kind() == ByteRanges.Kind.UNSATISFIABLE) {
                    FullHttpResponse refused = text(RANGE_NOT_SATISFIABLE, method,
                            "range not satisfiable: the size is " + data.readableBytes() + " bytes\n", connection);
                    refused.headers().set(CONTENT_RANGE, "bytes */" + data.readableBytes());
                    return refused;
                }
                if (selection != null && selection.kind() == ByteRanges.Kind.PART) {
                    ByteBuf part = data.duplicate().setIndex((int) selection.first(), (int) selection.last() + 1);
                    response = response(HttpResponseStatus.PARTIAL_CONTENT, method, JSON, part, connection);
                    contentRange = "bytes " + selection.first() + "-" + selection.last() + "/" + data.readableBytes();
                } else {
                    response = response(HttpResponseStatus.OK, method, JSON, data.duplicate(), connection);
                }
            }
        }
        response.headers().set(ETAG, dataEtag).set(LAST_MODIFIED, dataLastModified).set(CACHE_CONTROL, dataCacheControl);
        if (response.status().code() != HttpResponseStatus.NOT_MODIFIED.code()) {
            response.headers().set(ACCEPT_RANGES, BYTES);
        }
        if (contentRange != null) {
            response.headers().set(CONTENT_RANGE, contentRange); // last, where the other models write it
        }
        return response;
    }

    private static String joined(HttpHeaders headers, String name) {
        List<String> all = headers.getAll(name);
        return all.isEmpty() ? null : String.join(", ", all);
    }

    /** A plain-text answer (an error's one line), as the other models write it. */
    FullHttpResponse text(HttpResponseStatus status, HttpMethod method, String text, AsciiString connection) {
        return response(status, method, TEXT, Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.UTF_8)),
                connection);
    }

    private FullHttpResponse response(HttpResponseStatus status, HttpMethod method, AsciiString type, ByteBuf body,
                                      AsciiString connection) {
        int length = body.readableBytes();
        ByteBuf content = body;
        if (method == HttpMethod.HEAD) {
            body.release(); // a HEAD answer has the fields of GET's and no body
            content = Unpooled.EMPTY_BUFFER;
        }
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, content, HEADERS,
                HEADERS);
        response.headers().set(SERVER, SERVER_NAME).set(DATE, date()).set(CONTENT_TYPE, type)
                .setInt(CONTENT_LENGTH, length);
        if (connection != null) {
            response.headers().set(CONNECTION, connection);
        }
        return response;
    }

    /** The {@code Date} value of this second, from {@link DateHeader}'s line (one format per second for both). */
    private AsciiString date() {
        byte[] line = DateHeader.line();
        Date current = date;
        if (current.line != line) {
            // "Date: " + IMF-fixdate + CRLF
            current = new Date(line, new AsciiString(line, 6, line.length - 8, true));
            date = current;
        }
        return current.value;
    }
}
