package io.loomarena.http.server.loop;

import java.io.EOFException;
import java.io.IOException;

import io.loomarena.http.server.protocol.BodyReader;
import io.loomarena.http.server.protocol.ChunkFraming;
import io.loomarena.http.server.protocol.Http1Headers;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.InputBuffer;

/**
 * Consumes (discards) one request body on an event loop, step by step as its bytes arrive: {@link BodyReader} pulls
 * from a buffer that blocks, which a loop cannot do, so this is its resumable twin. Each framing step is
 * {@link ChunkFraming}'s (chunk-size line, CRLF after data, trailers), with the same limit and status codes; only
 * the order of steps is kept here. A line step that runs out of input rewinds to its start and is tried again when more
 * has arrived (a chunk-size line is at most {@link ChunkFraming#MAX_CHUNK_LINE} bytes, so a retry rescans little);
 * data is discarded as it comes, so the buffer never holds a body.
 * <p>Not thread-safe: it belongs to the connection's loop.
 */
final class IncrementalBody {

    private enum Step { SIZE, DATA, DATA_END, TRAILERS, DONE }

    private final boolean chunked;
    private final long maxBody;
    private final Http1Headers trailers;
    private Step step;
    private long remaining;
    private long total;

    IncrementalBody(HttpRequest request, long maxBody, Http1Headers trailers) {
        this.chunked = request.chunked();
        this.maxBody = maxBody;
        this.trailers = trailers;
        this.step = chunked ? Step.SIZE : Step.DATA;
        this.remaining = chunked ? 0 : request.contentLength();
    }

    /**
     * Consumes what has arrived of the body.
     *
     * @return true once the whole body is consumed; false when more input is needed
     * @throws EOFException  when the client closed inside the body
     * @throws HttpException on malformed chunks or a body over the limit (the same as {@link BodyReader})
     */
    boolean advance(InputBuffer in) throws IOException, HttpException {
        try {
            while (step != Step.DONE) {
                switch (step) {
                    case SIZE -> size(in);
                    case DATA -> data(in);
                    case DATA_END -> dataEnd(in);
                    case TRAILERS -> {
                        in.mark();
                        ChunkFraming.trailers(in, trailers);
                        in.unmark();
                        step = Step.DONE;
                    }
                    default -> throw new IllegalStateException(step.name());
                }
            }
            return true;
        } catch (LoopInput.NeedMoreInput e) {
            if (step != Step.DATA) {
                in.rewind(); // the line step starts again from its mark when more input has arrived
            }
            return false;
        }
    }

    private void size(InputBuffer in) throws IOException, HttpException {
        in.mark();
        long size = ChunkFraming.chunkSize(in);
        in.unmark();
        if (size == 0) {
            step = Step.TRAILERS;
            return;
        }
        total += size;
        if (total > maxBody) {
            throw HttpException.protocol(HttpStatus.CONTENT_TOO_LARGE, "body larger than " + maxBody + " bytes");
        }
        remaining = size;
        step = Step.DATA;
    }

    private void data(InputBuffer in) throws IOException {
        while (remaining > 0) {
            if (in.buffered() == 0 && !in.fill()) {
                throw new EOFException("stream ended " + remaining + " bytes before the end of the body");
            }
            int n = (int) Math.min(remaining, in.buffered());
            in.position(in.position() + n);
            remaining -= n;
        }
        step = chunked ? Step.DATA_END : Step.DONE;
    }

    private void dataEnd(InputBuffer in) throws IOException, HttpException {
        in.mark();
        ChunkFraming.dataEnd(in);
        in.unmark();
        step = Step.SIZE;
    }
}
