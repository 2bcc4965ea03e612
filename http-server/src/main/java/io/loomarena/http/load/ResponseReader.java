package io.loomarena.http.load;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;

/**
 * Reads HTTP/1.1 responses from one connection into a reused buffer, without creating objects on the way: status line,
 * the headers that frame the body ({@code Content-Length}, {@code Transfer-Encoding: chunked}, {@code Connection}),
 * then the body, whose length and CRC32 it keeps. Framing errors are {@link MalformedResponseException}s and a close
 * before the first byte is a {@link NoResponseException}. Reads block until data arrives: the caller bounds them (the
 * {@link io.loomarena.measure.TimeoutWatchdog} closes the socket of a late response).
 * <p>
 * Not thread-safe: one reader belongs to one client thread and is {@linkplain #attach attached} to each new connection
 * of that thread in turn.
 */
final class ResponseReader {

    /**
     * Limits of one response, passed in so that tests can make them small.
     *
     * @param bufferBytes    read buffer size; the status line and each header line must fit in it (at least 64)
     * @param maxHeaderLines most header lines (and trailer lines) per response
     * @param maxBodyBytes   largest body accepted
     */
    record Limits(int bufferBytes, int maxHeaderLines, long maxBodyBytes) {
        Limits {
            if (bufferBytes < 64 || maxHeaderLines < 1 || maxBodyBytes < 0) {
                throw new IllegalArgumentException("bad response limits: " + bufferBytes + ", " + maxHeaderLines
                        + ", " + maxBodyBytes);
            }
        }

        static final Limits DEFAULT = new Limits(LoadDefaults.READ_BUFFER_BYTES, LoadDefaults.MAX_HEADER_LINES,
                LoadDefaults.MAX_BODY_BYTES);
    }

    private final Limits limits;
    private final byte[] buf;
    private final CRC32 crc = new CRC32();
    private InputStream in;
    private int pos;
    private int limit;
    private boolean started;

    private final ResponseHead head = new ResponseHead();
    private long bodyLength;
    private boolean closeAfter;

    ResponseReader(Limits limits) {
        this.limits = limits;
        this.buf = new byte[limits.bufferBytes()];
    }

    /** Size of the read buffer: the most bytes one read asks for. */
    int bufferBytes() {
        return buf.length;
    }

    /** Reads from a new connection from now on, forgetting anything buffered from the previous one. */
    void attach(InputStream input) {
        this.in = input;
        this.pos = 0;
        this.limit = 0;
        this.started = false;
    }

    /**
     * Reads one whole response.
     *
     * @return the status code
     */
    int read() throws IOException {
        this.started = pos < limit;
        crc.reset();
        do {
            readHead();
        } while (head.interim()); // interim responses carry no body: the real one follows
        readBody();
        if (!closeAfter && pos < limit) {
            throw new MalformedResponseException((limit - pos) + " bytes after the end of the response");
        }
        started = false; // until the next response's first byte
        return head.status();
    }

    /** Status code of the last response. */
    int status() {
        return head.status();
    }

    /** Body bytes of the last response. */
    long bodyLength() {
        return bodyLength;
    }

    /** CRC32 of the body of the last response. */
    long bodyCrc() {
        return crc.getValue();
    }

    /** Whether the server ends the connection after the last response (or its body was delimited by the close). */
    boolean closeAfter() {
        return closeAfter;
    }

    /** Whether any byte of the current response had arrived when reading failed. */
    boolean started() {
        return started;
    }

    private void readHead() throws IOException {
        int lineEnd = nextLine();
        head.statusLine(buf, pos, contentEnd(lineEnd));
        pos = lineEnd + 1;
        for (int lines = 0; ; lines++) {
            lineEnd = nextLine();
            int end = contentEnd(lineEnd);
            if (end == pos) {
                pos = lineEnd + 1;
                return;
            }
            if (lines == limits.maxHeaderLines()) {
                throw new MalformedResponseException("more than " + limits.maxHeaderLines() + " header lines");
            }
            head.header(buf, pos, end);
            pos = lineEnd + 1;
        }
    }

    private void readBody() throws IOException {
        closeAfter = head.closes();
        long contentLength = head.contentLength();
        if (head.status() == 101) {
            throw new MalformedResponseException("unexpected 101 Switching Protocols");
        }
        if (head.status() == 204 || head.status() == 304) {
            bodyLength = 0;
        } else if (head.chunked()) {
            closeAfter |= contentLength >= 0; // both framings: chunked wins, the connection is not trusted after
            readChunkedBody();
        } else if (contentLength >= 0) {
            if (contentLength > limits.maxBodyBytes()) {
                throw new MalformedResponseException("Content-Length " + contentLength + " above the limit of "
                        + limits.maxBodyBytes());
            }
            consume(contentLength);
            bodyLength = contentLength;
        } else {
            closeAfter = true;
            readBodyUntilClose();
        }
    }

    private void readChunkedBody() throws IOException {
        long total = 0;
        while (true) {
            int lineEnd = nextLine();
            long size = HttpBytes.chunkSize(buf, pos, contentEnd(lineEnd));
            if (size < 0) {
                throw new MalformedResponseException("bad chunk size: " + HttpBytes.text(buf, pos, contentEnd(lineEnd)));
            }
            pos = lineEnd + 1;
            if (size == 0) {
                break;
            }
            total += size;
            if (total > limits.maxBodyBytes()) {
                throw new MalformedResponseException("chunked body above the limit of " + limits.maxBodyBytes());
            }
            consume(size);
            lineEnd = nextLine();
            if (contentEnd(lineEnd) != pos) {
                throw new MalformedResponseException("chunk data longer than its size " + size);
            }
            pos = lineEnd + 1;
        }
        for (int trailers = 0; ; trailers++) {
            int lineEnd = nextLine();
            boolean empty = contentEnd(lineEnd) == pos;
            pos = lineEnd + 1;
            if (empty) {
                break;
            }
            if (trailers >= limits.maxHeaderLines()) {
                throw new MalformedResponseException("more than " + limits.maxHeaderLines() + " trailer lines");
            }
        }
        bodyLength = total;
    }

    private void readBodyUntilClose() throws IOException {
        long total = limit - pos;
        crc.update(buf, pos, limit - pos);
        pos = limit;
        while (true) {
            pos = 0;
            limit = 0;
            int n = fill();
            if (n < 0) {
                break;
            }
            total += n;
            if (total > limits.maxBodyBytes()) {
                throw new MalformedResponseException("body above the limit of " + limits.maxBodyBytes());
            }
            crc.update(buf, 0, n);
            pos = n;
        }
        bodyLength = total;
    }

    /** Passes {@code length} body bytes through the checksum. */
    private void consume(long length) throws IOException {
        long remaining = length;
        while (remaining > 0) {
            if (pos == limit) {
                pos = 0;
                limit = 0;
                if (fill() < 0) {
                    throw new MalformedResponseException("body ended " + remaining + " bytes short of " + length);
                }
            }
            int take = (int) Math.min(remaining, limit - pos);
            crc.update(buf, pos, take);
            pos += take;
            remaining -= take;
        }
    }

    /** Index of the next LF at or after {@code pos}, reading (and compacting the buffer) as needed. */
    private int nextLine() throws IOException {
        int scanned = 0; // bytes from pos already known to hold no LF
        while (true) {
            for (int i = pos + scanned; i < limit; i++) {
                if (buf[i] == '\n') {
                    return i;
                }
            }
            scanned = limit - pos;
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, scanned);
                limit = scanned;
                pos = 0;
            }
            if (limit == buf.length) {
                throw new MalformedResponseException("header line longer than " + buf.length + " bytes");
            }
            if (fill() < 0) {
                if (!started) {
                    throw new NoResponseException("connection closed before the response");
                }
                throw new MalformedResponseException("connection closed inside the response head");
            }
        }
    }

    /** Reads more bytes after {@code limit}; -1 at end of stream. */
    private int fill() throws IOException {
        int n = in.read(buf, limit, buf.length - limit);
        if (n > 0) {
            limit += n;
            started = true;
        }
        return n;
    }

    /** End of the line content ending at the LF at {@code lineEnd}, without its CR. */
    private int contentEnd(int lineEnd) {
        return lineEnd > pos && buf[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
    }
}
