package io.loomarena.http.server.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;

import io.loomarena.http.server.protocol.ByteRanges.Kind;
import io.loomarena.http.server.protocol.ByteRanges.Selection;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Range requests, RFC 9110 section 14, on a representation of 1,000 bytes; the multi-range policy of ByteRanges. */
class ByteRangesTest {

    private static final long SIZE = 1000;

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "bytes=0-99|0|99", "bytes=-100|900|999", "bytes=900-|900|999", "bytes=990-5000|990|999",
            "bytes=-5000|0|999", "bytes=0-0|0|0", "BYTES=5-9|5|9", "bytes= 5-9 |5|9", "bytes=0-99999999999999999999999|0|999",
            "bytes=0-0,0-0,0-0|0|0", "bytes=0-9,10-19|0|19", "bytes=10-19,0-14|0|19", "bytes=0-9,2000-3000|0|9",
            "bytes=0-9,,|0|9", "bytes=5000-,0-4|0|4", "bytes=-0,0-4|0|4"})
    void selectsOnePart(String range, long first, long last) {
        assertThat(ByteRanges.select(range, SIZE)).isEqualTo(new Selection(Kind.PART, first, last));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"bytes=1000-", "bytes=5000-6000", "bytes=-0", "bytes=99999999999999999999-",
            "bytes=1000-1000,2000-"})
    void findsNothingSatisfiable(String range) {
        assertThat(ByteRanges.select(range, SIZE).kind()).isEqualTo(Kind.UNSATISFIABLE);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"bytes=abc", "bytes=5-1", "bytes=", "bytes=-", "bytes=1-2-3", "bytes=--5", "bytes=+1-2",
            "items=0-5", "bytes 0-5", "bytes=0-5;x", "bytes=,", "bytes=0-9,20-29", "bytes=0x10-20", ""})
    void ignoresUnknownUnitsInvalidSyntaxAndApartParts(String range) {
        assertThat(ByteRanges.select(range, SIZE).kind()).isEqualTo(Kind.WHOLE);
    }

    @Test
    void ignoresMoreRangesThanTheLimitSoThatOverlapsCostNoMoreThanTheWhole() {
        String many = "bytes=" + String.join(",", Collections.nCopies(ByteRanges.MAX_RANGES + 1, "0-0"));
        assertThat(ByteRanges.select(many, SIZE).kind()).isEqualTo(Kind.WHOLE);
        String thousand = "bytes=" + String.join(",", Collections.nCopies(1000, "0-999"));
        assertThat(ByteRanges.select(thousand, SIZE).kind()).isEqualTo(Kind.WHOLE);
        String atLimit = "bytes=" + String.join(",", Collections.nCopies(ByteRanges.MAX_RANGES, "0-0"));
        assertThat(ByteRanges.select(atLimit, SIZE)).isEqualTo(new Selection(Kind.PART, 0, 0));
    }

    @Test
    void sendsAnEmptyRepresentationWhole() {
        assertThat(ByteRanges.select("bytes=0-5", 0).kind()).isEqualTo(Kind.WHOLE);
        assertThat(ByteRanges.select(null, SIZE).kind()).isEqualTo(Kind.WHOLE);
    }
}
