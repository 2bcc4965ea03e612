package io.loomarena.http.server.loop;

import java.io.IOException;
import java.util.function.Consumer;

import io.loomarena.http.server.protocol.Http1RequestParser;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.InputBuffer;
import io.loomarena.http.server.protocol.ParserLimits;
import io.loomarena.http.server.protocol.RequestLine;

/**
 * Reads request heads on an event loop with the shared parser, one at a time as their bytes arrive: the head's first
 * byte is marked, {@link HeadScanner} tells when its end has arrived, and only then does the parser run (a parse that
 * still runs out of input rewinds to the mark and waits). A head that grows as large as the limits allow without
 * ending is given to the parser anyway, which answers 414 or 431 as it does on the blocking models.
 * <p>Not thread-safe: it belongs to the connection's loop.
 */
final class HeadReader {

    private final InputBuffer in;
    private final LoopInput input;
    private final Http1RequestParser parser;
    private final Consumer<RequestLine> onRequestLine;
    private final HeadScanner scanner = new HeadScanner();
    private final int capacity;
    private boolean started;
    private boolean cleanEnd;

    HeadReader(InputBuffer in, LoopInput input, Http1RequestParser parser, Consumer<RequestLine> onRequestLine) {
        this.in = in;
        this.input = input;
        this.parser = parser;
        this.onRequestLine = onRequestLine;
        this.capacity = capacity(parser.limits());
    }

    /** The buffer a connection needs: a whole head must fit, since a parse that runs out starts again from its start. */
    static int capacity(ParserLimits limits) {
        return Math.max(limits.maxLineBuffer(), limits.maxRequestLine() + limits.maxHeaderBytes() + 64);
    }

    /** Whether a head has begun arriving and is not parsed yet. */
    boolean started() {
        return started;
    }

    /** Whether the stream ended cleanly before a request began (the parser's null). */
    boolean cleanEnd() {
        return cleanEnd;
    }

    /** Begins a head at the buffer's position, unless one has begun; returns whether it began now. */
    boolean begin() {
        if (started) {
            return false;
        }
        started = true;
        in.mark();
        scanner.reset();
        return true;
    }

    /**
     * The head begun, parsed once it is complete.
     *
     * @return the request; null while more input is needed, or when the stream ended cleanly ({@link #cleanEnd()})
     * @throws HttpException what the parser finds wrong with the head
     */
    HttpRequest read() throws IOException, HttpException {
        if (!scanner.headEnded(in) && !input.ended() && in.bufferedFromMark() < capacity) {
            return null;
        }
        HttpRequest request;
        try {
            request = parser.parse(in, onRequestLine);
        } catch (LoopInput.NeedMoreInput e) {
            in.rewind();
            if (in.bufferedFromMark() < capacity) {
                return null;
            }
            done();
            throw HttpException.protocol(HttpStatus.HEADER_FIELDS_TOO_LARGE, "request head too large");
        } catch (HttpException e) {
            done();
            throw e;
        }
        done();
        cleanEnd = request == null;
        return request;
    }

    private void done() {
        in.unmark();
        started = false;
    }
}
