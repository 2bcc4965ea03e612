package io.loomarena.http.server.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing of the request parser (Jazzer): any bytes a client can send, parsed as the server parses a
 * connection (request after request, each body read and discarded), either yield requests or end in the typed
 * {@link HttpException} with a 4xx/5xx status, or in {@link EOFException} when the bytes stop inside a body (the
 * client went away). Never any other exception, never a loop (every request must consume input, and the fuzzing
 * command sets libFuzzer's per-input timeout to 10 s, see README), never a buffer beyond the limits.
 * <p>No JUnit {@code @Timeout} here: Jazzer 0.30.0 would apply it to the whole fuzzing session as well (its issue
 * 1060), failing a clean 10-minute session after 10 s.
 * <p>Without {@code JAZZER_FUZZ} this runs in regression mode on the committed seeds in
 * {@code src/test/resources/io/loomarena/http/server/protocol/Http1RequestParserFuzzTestInputs/parse/} (valid requests
 * and every case of docs/hardening.md); with {@code JAZZER_FUZZ=1} it fuzzes (see README, "Fuzzing the parser").
 */
class Http1RequestParserFuzzTest {

    /** Small limits, so that the fuzzer reaches every limit with short inputs; the defaults are tested elsewhere. */
    private static final ParserLimits LIMITS = new ParserLimits(256, 512, 16, 1024);
    /** At most this many requests per input: each parse consumes at least one byte, so this bounds the loop. */
    private static final int MAX_REQUESTS = 1000;

    @FuzzTest
    void parse(FuzzedDataProvider data) throws IOException {
        byte[] bytes = data.consumeRemainingAsBytes();
        Http1RequestParser parser = new Http1RequestParser(LIMITS);
        BodyReader bodies = new BodyReader(LIMITS.maxBody(), parser.headerParser());
        ByteArrayInputStream stream = new ByteArrayInputStream(bytes);
        InputBuffer in = InputBuffer.of(stream, LIMITS);
        try {
            for (int served = 0; served < MAX_REQUESTS; served++) {
                int before = consumed(stream, in, bytes.length);
                HttpRequest request = parser.parse(in);
                assertThat(in.array().length).isLessThanOrEqualTo(LIMITS.maxLineBuffer());
                if (request == null) {
                    return;
                }
                assertThat(request.method()).isNotNull();
                assertThat(request.path()).isNotEmpty();
                assertThat(request.contentLength()).isBetween(HttpRequest.CHUNKED, LIMITS.maxBody());
                assertSameAsAlone(request, Arrays.copyOfRange(bytes, before, consumed(stream, in, bytes.length)));
                if (request.hasBody()) {
                    assertThat(bodies.read(request, in, null)).isBetween(0L, LIMITS.maxBody());
                }
                assertThat(consumed(stream, in, bytes.length)).as("every request consumes input").isGreaterThan(before);
            }
        } catch (HttpException e) {
            assertThat(e.status()).isBetween(400, 599);
            assertThat(e.getMessage()).isNotBlank();
        } catch (EOFException e) {
            // The bytes ended inside a body: the client went away, nothing to answer.
        }
    }

    /**
     * A request parsed after others on the connection (taking what the previous head spelled the same way) is the
     * request its head's bytes parse to on a connection of their own.
     */
    private static void assertSameAsAlone(HttpRequest request, byte[] head) throws IOException {
        HttpRequest alone;
        try {
            alone = new Http1RequestParser(LIMITS).parse(InputBuffer.of(new ByteArrayInputStream(head), LIMITS));
        } catch (HttpException e) {
            throw new AssertionError("accepted after other requests, rejected alone: " + e.getMessage(), e);
        }
        assertThat(alone).isNotNull();
        assertThat(request.line()).isEqualTo(alone.line());
        assertThat(request.headers().toString()).isEqualTo(alone.headers().toString());
        assertThat(request.contentLength()).isEqualTo(alone.contentLength());
        assertThat(request.keepAlive()).isEqualTo(alone.keepAlive());
        assertThat(request.expectContinue()).isEqualTo(alone.expectContinue());
    }

    /** Bytes of the input the parser has consumed: those read from the stream minus those still buffered. */
    private static int consumed(ByteArrayInputStream stream, InputBuffer in, int total) {
        return total - stream.available() - in.buffered();
    }
}
