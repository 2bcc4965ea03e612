package io.loomarena.http.server.protocol;

import static io.loomarena.http.server.protocol.Conditional.Outcome.NOT_MODIFIED;
import static io.loomarena.http.server.protocol.Conditional.Outcome.PRECONDITION_FAILED;
import static io.loomarena.http.server.protocol.Conditional.Outcome.PROCEED;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import io.loomarena.http.server.protocol.Conditional.Outcome;
import io.loomarena.http.server.protocol.Conditional.Preconditions;
import org.junit.jupiter.api.Test;

/** Conditional requests, RFC 9110 section 13, in the order of section 13.2.2. */
class ConditionalTest {

    private static final long MODIFIED = Instant.parse("2024-05-01T10:00:00Z").getEpochSecond();
    private static final Validators V = Validators.of(5000, MODIFIED * 1_000_000_000L + 123);
    private static final String ETAG = V.etag();
    private static final String AT = HttpDates.format(MODIFIED);
    private static final String BEFORE = HttpDates.format(MODIFIED - 1);

    private static Outcome get(String ifMatch, String ifUnmodifiedSince, String ifNoneMatch, String ifModifiedSince) {
        return Conditional.evaluate(new Preconditions(ifMatch, ifUnmodifiedSince, ifNoneMatch, ifModifiedSince), true, V);
    }

    @Test
    void validatorsAreAStrongTagOfTimeAndSizeAndTheSecondOfTheModification() {
        assertThat(ETAG).startsWith("\"").endsWith("-1388\"").doesNotStartWith("W/");
        assertThat(V.lastModified()).isEqualTo(MODIFIED);
        assertThat(V.fieldLines()).isEqualTo("ETag: " + ETAG + "\r\nLast-Modified: " + AT + "\r\n");
    }

    @Test
    void ifNoneMatchComparesWeaklyAcceptsListsAndStar() {
        assertThat(get(null, null, ETAG, null)).isEqualTo(NOT_MODIFIED);
        assertThat(get(null, null, "W/" + ETAG, null)).isEqualTo(NOT_MODIFIED);
        assertThat(get(null, null, "\"a\", W/\"b\" ,  " + ETAG, null)).isEqualTo(NOT_MODIFIED);
        assertThat(get(null, null, "*", null)).isEqualTo(NOT_MODIFIED);
        assertThat(get(null, null, "\"other\"", null)).isEqualTo(PROCEED);
        assertThat(Conditional.evaluate(new Preconditions(null, null, ETAG, null), false, V))
                .as("a method other than GET/HEAD").isEqualTo(PRECONDITION_FAILED);
    }

    @Test
    void anUnquotedOrBrokenTagMatchesNothing() {
        assertThat(get(null, null, ETAG.replace("\"", ""), null)).isEqualTo(PROCEED);
        assertThat(get(null, null, "\"unterminated", null)).isEqualTo(PROCEED);
        assertThat(get(ETAG.replace("\"", ""), null, null, null)).isEqualTo(PRECONDITION_FAILED);
    }

    @Test
    void ifModifiedSinceIsIgnoredWhenInvalidOrWithIfNoneMatch() {
        assertThat(get(null, null, null, AT)).isEqualTo(NOT_MODIFIED);
        assertThat(get(null, null, null, BEFORE)).isEqualTo(PROCEED);
        assertThat(get(null, null, null, "garbage")).isEqualTo(PROCEED);
        assertThat(get(null, null, "\"other\"", AT)).as("If-None-Match takes precedence").isEqualTo(PROCEED);
    }

    @Test
    void ifMatchComparesStronglyAndComesFirst() {
        assertThat(get(ETAG, null, null, null)).isEqualTo(PROCEED);
        assertThat(get("*", null, null, null)).isEqualTo(PROCEED);
        assertThat(get("W/" + ETAG, null, null, null)).isEqualTo(PRECONDITION_FAILED);
        assertThat(get("\"other\"", null, ETAG, null)).as("412 before 304").isEqualTo(PRECONDITION_FAILED);
        assertThat(get(ETAG, BEFORE, null, null)).as("If-Unmodified-Since ignored with If-Match").isEqualTo(PROCEED);
    }

    @Test
    void ifUnmodifiedSinceFailsWhenModifiedAfterAndIsIgnoredWhenInvalid() {
        assertThat(get(null, BEFORE, null, null)).isEqualTo(PRECONDITION_FAILED);
        assertThat(get(null, AT, null, null)).isEqualTo(PROCEED);
        assertThat(get(null, "garbage", null, null)).isEqualTo(PROCEED);
        assertThat(get(null, BEFORE, ETAG, null)).as("412 before 304").isEqualTo(PRECONDITION_FAILED);
    }

    @Test
    void ifRangeHoldsForTheStrongTagOrTheExactDateOnly() {
        assertThat(Conditional.ifRangeHolds(null, V)).isTrue();
        assertThat(Conditional.ifRangeHolds(ETAG, V)).isTrue();
        assertThat(Conditional.ifRangeHolds("W/" + ETAG, V)).isFalse();
        assertThat(Conditional.ifRangeHolds("\"other\"", V)).isFalse();
        assertThat(Conditional.ifRangeHolds(AT, V)).isTrue();
        assertThat(Conditional.ifRangeHolds(BEFORE, V)).isFalse();
        assertThat(Conditional.ifRangeHolds("garbage", V)).isFalse();
    }
}
