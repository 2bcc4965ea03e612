package io.loomarena.http.server.db;

import java.nio.charset.StandardCharsets;

/**
 * What {@code /db} answers, whatever serves it: a status, a content type and the body's bytes (JSON for 200, one
 * line of text naming the problem otherwise). A server writes it as it is, with {@code Cache-Control: no-store}
 * ({@link #CACHE_CONTROL}): the answer is only true now. Immutable by convention (the body is not copied; nobody
 * writes to it).
 *
 * @param status      the HTTP status: 200, 400, 500, 503 or 504
 * @param contentType {@link #JSON} or {@link #TEXT}
 * @param body        the body's bytes
 */
public record DbAnswer(int status, String contentType, byte[] body) {

    public static final String JSON = "application/json";
    public static final String TEXT = "text/plain; charset=utf-8";
    /** The {@code Cache-Control} value every {@code /db} answer carries. */
    public static final String CACHE_CONTROL = "no-store";

    /** A 200 with a JSON body. */
    public static DbAnswer json(String text) {
        return new DbAnswer(200, JSON, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A failure: {@code status} and one line of text naming the problem. */
    public static DbAnswer error(int status, String message) {
        return new DbAnswer(status, TEXT, (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** The body as text (tests, logs). */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return status + " " + contentType + " " + text().strip();
    }
}
