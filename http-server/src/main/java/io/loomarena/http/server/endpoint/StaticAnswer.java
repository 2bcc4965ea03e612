package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import io.loomarena.http.server.protocol.ByteRanges;
import io.loomarena.http.server.protocol.Conditional;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.Method;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * Answers a GET or HEAD of a static representation, the same for every model and every content source: first its
 * preconditions ({@link Conditional}: 304 or 412), then, for a GET, its {@code Range} ({@link ByteRanges}, with
 * {@code If-Range}: 206 or 416), else the whole representation (200). A request with neither (the common case)
 * costs one look at its fields before the usual answer. Stateless.
 */
final class StaticAnswer {

    /** Sends {@code length} bytes of a version's body from {@code position}, with this status and these fields. */
    @FunctionalInterface
    interface Body {
        void send(ResponseWriter out, int status, long position, long length, byte[] fields) throws IOException;
    }

    private StaticAnswer() {
    }

    static void answer(HttpRequest request, StaticVersion version, Body body, ResponseWriter out)
            throws IOException, HttpException {
        Conditional.Preconditions preconditions = Conditional.Preconditions.of(request);
        if (!preconditions.none()) {
            switch (Conditional.evaluate(preconditions, true, version.validators())) {
                case NOT_MODIFIED -> {
                    out.respondWithoutContent(HttpStatus.NOT_MODIFIED, version.notModifiedFields());
                    return;
                }
                case PRECONDITION_FAILED -> throw HttpException.application(HttpStatus.PRECONDITION_FAILED,
                        "precondition failed: the representation's validators are " + version.validators().etag());
                default -> {
                    // Every precondition holds: answered as if there were none.
                }
            }
        }
        String range = request.method() == Method.GET ? request.headers().first("range") : null;
        if (range != null && Conditional.ifRangeHolds(request.headers().first("if-range"), version.validators())) {
            ByteRanges.Selection selection = ByteRanges.select(range, version.size());
            switch (selection.kind()) {
                case PART -> {
                    byte[] fields = concat(version.fields(), "Content-Range: bytes " + selection.first() + "-"
                            + selection.last() + "/" + version.size() + "\r\n");
                    body.send(out, HttpStatus.PARTIAL_CONTENT, selection.first(), selection.length(), fields);
                    return;
                }
                case UNSATISFIABLE -> {
                    out.respond(HttpStatus.RANGE_NOT_SATISFIABLE, "range not satisfiable: the size is "
                            + version.size() + " bytes\n", ("Content-Range: bytes */" + version.size() + "\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    return;
                }
                default -> {
                    // Ignored: the whole representation.
                }
            }
        }
        if (version.whole() != null) {
            out.respond(version.whole());
        } else {
            body.send(out, HttpStatus.OK, 0, version.size(), version.fields());
        }
    }

    private static byte[] concat(byte[] fields, String line) {
        byte[] more = line.getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[fields.length + more.length];
        System.arraycopy(fields, 0, all, 0, fields.length);
        System.arraycopy(more, 0, all, fields.length, more.length);
        return all;
    }
}
