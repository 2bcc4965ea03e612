package io.loomarena.http.server.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** HTTP dates in their three formats, RFC 9110 section 5.6.7. */
class HttpDatesTest {

    private static final long NOV_6_1994 = Instant.parse("1994-11-06T08:49:37Z").getEpochSecond();
    private static final long NOW = Instant.parse("2026-11-28T00:00:00Z").getEpochSecond();

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
            " Sun, 06 Nov 1994 08:49:37 GMT "})
    void parsesTheThreeFormats(String date) {
        assertThat(HttpDates.parse(date, NOW)).isEqualTo(NOV_6_1994);
    }

    @Test
    void takesATwoDigitYearFarAheadAsThePast() {
        assertThat(HttpDates.parse("Thursday, 01-Jan-26 00:00:00 GMT", NOW))
                .isEqualTo(Instant.parse("2026-01-01T00:00:00Z").getEpochSecond());
        assertThat(HttpDates.parse("Friday, 01-Jan-99 00:00:00 GMT", NOW))
                .isEqualTo(Instant.parse("1999-01-01T00:00:00Z").getEpochSecond());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"garbage", "", "Mon, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
            "Sun, 32 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z", "Sun, 06 Nov 1994 08:49:37 GMT and much more text",
            "-1", "Sun, 06 Nov 1994"})
    void answersInvalidForAnythingElse(String date) {
        assertThat(HttpDates.parse(date, NOW)).isEqualTo(HttpDates.INVALID);
    }

    @Test
    void formatsAnImfFixdate() {
        assertThat(HttpDates.format(NOV_6_1994)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    }
}
