package io.loomarena.http.load;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;

/**
 * What a successful body must look like, by length and CRC32: {@code /ping} must answer {@code pong};
 * {@code /data.json} must answer the same bytes every time (the first 2xx body of the run becomes the reference);
 * other paths are not checked. Thread-safe: shared by all client threads of a run.
 */
final class BodyCheck {

    private static final long UNSET = -1;

    private final boolean enabled;
    /** Body length in the high 32 bits, CRC32 in the low 32, or {@link #UNSET} until the first body is seen. */
    private final AtomicLong reference;

    private BodyCheck(boolean enabled, long reference) {
        this.enabled = enabled;
        this.reference = new AtomicLong(reference);
    }

    /** The check for a request path. */
    static BodyCheck forPath(String path) {
        return switch (path) {
            case "/ping" -> exactly("pong".getBytes(StandardCharsets.US_ASCII));
            case "/data.json" -> sameAsFirst();
            default -> none();
        };
    }

    /** Every body must be these bytes. */
    static BodyCheck exactly(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return new BodyCheck(true, pack(body.length, crc.getValue()));
    }

    /** Every body must equal the first one. */
    static BodyCheck sameAsFirst() {
        return new BodyCheck(true, UNSET);
    }

    /** Bodies are not checked. */
    static BodyCheck none() {
        return new BodyCheck(false, UNSET);
    }

    /** Whether a body of this length and CRC32 is the expected one (the first call of a same-as-first check sets it). */
    boolean accepts(long length, long crc32) {
        if (!enabled) {
            return true;
        }
        if (length > 0xFFFF_FFFFL) {
            return false; // above MAX_BODY_BYTES anyway
        }
        long body = pack(length, crc32);
        long expected = reference.get();
        if (expected == UNSET && reference.compareAndSet(UNSET, body)) {
            return true;
        }
        return reference.get() == body;
    }

    private static long pack(long length, long crc32) {
        return (length << 32) | (crc32 & 0xFFFF_FFFFL);
    }
}
