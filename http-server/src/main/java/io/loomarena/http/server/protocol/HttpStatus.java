package io.loomarena.http.server.protocol;

import java.nio.charset.StandardCharsets;

/** The status codes this server sends, their reason phrases, and their precomputed status lines. Thread-safe. */
public final class HttpStatus {

    public static final int CONTINUE = 100;
    public static final int OK = 200;
    public static final int PARTIAL_CONTENT = 206;
    public static final int NOT_MODIFIED = 304;
    public static final int BAD_REQUEST = 400;
    public static final int NOT_FOUND = 404;
    public static final int METHOD_NOT_ALLOWED = 405;
    public static final int REQUEST_TIMEOUT = 408;
    public static final int CONTENT_TOO_LARGE = 413;
    public static final int URI_TOO_LONG = 414;
    public static final int PRECONDITION_FAILED = 412;
    public static final int RANGE_NOT_SATISFIABLE = 416;
    public static final int EXPECTATION_FAILED = 417;
    public static final int HEADER_FIELDS_TOO_LARGE = 431;
    public static final int INTERNAL_SERVER_ERROR = 500;
    public static final int NOT_IMPLEMENTED = 501;
    public static final int BAD_GATEWAY = 502;
    public static final int SERVICE_UNAVAILABLE = 503;
    public static final int GATEWAY_TIMEOUT = 504;
    public static final int VERSION_NOT_SUPPORTED = 505;

    private static final byte[][] STATUS_LINES = new byte[600][];

    static {
        for (int code = 100; code < 600; code++) {
            STATUS_LINES[code] = ("HTTP/1.1 " + code + " " + reason(code) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
    }

    private HttpStatus() {
    }

    /** The reason phrase of a status (RFC 9110 section 15); "Status" for codes it does not name. */
    public static String reason(int code) {
        return switch (code) {
            case 100 -> "Continue";
            case 200 -> "OK";
            case 204 -> "No Content";
            case 206 -> "Partial Content";
            case 304 -> "Not Modified";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 408 -> "Request Timeout";
            case 413 -> "Content Too Large";
            case 414 -> "URI Too Long";
            case 412 -> "Precondition Failed";
            case 416 -> "Range Not Satisfiable";
            case 417 -> "Expectation Failed";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            case 505 -> "HTTP Version Not Supported";
            default -> "Status";
        };
    }

    /** {@code HTTP/1.1 <code> <reason>\r\n}, shared: callers must not modify it. */
    public static byte[] statusLine(int code) {
        if (code < 100 || code >= 600) {
            throw new IllegalArgumentException("status must be 100..599: " + code);
        }
        return STATUS_LINES[code];
    }
}
