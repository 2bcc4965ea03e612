package io.loomarena.http.server.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The chunked framing rule, RFC 9112 section 7.1: only CRLF ends a chunk-size line, chunk data and a trailer line. */
class ChunkFramingTest {

    private static InputBuffer input(String bytes) {
        return InputBuffer.of(new ByteArrayInputStream(bytes.getBytes(StandardCharsets.ISO_8859_1)), ParserLimits.DEFAULTS);
    }

    private static int status(ThrowingStep step) {
        try {
            step.run();
        } catch (HttpException e) {
            return e.status();
        } catch (Exception e) {
            throw new AssertionError("expected an HttpException, got " + e, e);
        }
        throw new AssertionError("accepted");
    }

    private interface ThrowingStep {
        void run() throws Exception;
    }

    @Test
    void readsASizeLineEndedByCrlfAndConsumesItWhole() throws Exception {
        InputBuffer in = input("1a;name=v\r\nrest");
        assertThat(ChunkFraming.chunkSize(in)).isEqualTo(26);
        assertThat(in.read()).isEqualTo('r');
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"5\n", "5;ext\n", "5\r\r\n", "5\rx\n", "\n"})
    void rejectsASizeLineNotEndedByCrlf(String line) {
        assertThat(status(() -> ChunkFraming.chunkSize(input(line)))).isEqualTo(400);
    }

    @Test
    void consumesTheCrlfAfterData() throws Exception {
        InputBuffer in = input("\r\nX");
        ChunkFraming.dataEnd(in);
        assertThat(in.read()).isEqualTo('X');
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"\n0\r\n\r\n", "\r0\r\n\r\n", "x\r\n", "\r\r\n", "\n\r"})
    void rejectsAnythingElseAfterData(String after) {
        assertThat(status(() -> ChunkFraming.dataEnd(input(after)))).isEqualTo(400);
    }

    @Test
    void reportsAStreamEndingBeforeTheCrlfAsEndOfStream() {
        assertThatThrownBy(() -> ChunkFraming.dataEnd(input(""))).isInstanceOf(EOFException.class);
        assertThatThrownBy(() -> ChunkFraming.dataEnd(input("\r"))).isInstanceOf(EOFException.class);
        assertThatThrownBy(() -> ChunkFraming.chunkSize(input("5"))).isInstanceOf(EOFException.class);
    }

    @Test
    void readsTrailersEndedByCrlf() throws Exception {
        Http1Headers parser = new Http1Headers(1024, 10);
        InputBuffer in = input("X-T: 1\r\n\r\nnext");
        ChunkFraming.trailers(in, parser);
        assertThat(in.read()).isEqualTo('n');
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"\n", "X-T: 1\n\r\n", "X-T: 1\r\n\n"})
    void rejectsTrailerLinesEndedByABareLf(String trailers) {
        Http1Headers parser = new Http1Headers(1024, 10);
        assertThat(status(() -> ChunkFraming.trailers(input(trailers), parser))).isEqualTo(400);
    }

    @Test
    void stillToleratesABareLfInTheHeaderSection() throws Exception {
        // RFC 9112 section 2.2 allows it there; the strict rule is the chunked framing's only.
        assertThat(new Http1Headers(1024, 10).parse(input("Host: x\n\n")).size()).isEqualTo(1);
    }
}
