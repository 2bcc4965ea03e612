package io.loomarena.http.server;

import java.time.Duration;

/** Parses the durations of the command line: {@code 500ms}, {@code 10s}, {@code 2m}. Stateless. */
public final class Durations {

    /** What the messages show as allowed forms. */
    public static final String FORMS = "a positive number with ms, s or m, e.g. 500ms, 10s, 1m";

    private Durations() {
    }

    /** @throws IllegalArgumentException when the text is not a positive duration in one of the {@link #FORMS} */
    public static Duration parse(String text) {
        String unit = text.endsWith("ms") ? "ms" : text.endsWith("s") ? "s" : text.endsWith("m") ? "m" : "";
        String digits = text.substring(0, text.length() - unit.length());
        if (unit.isEmpty() || digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException(text);
        }
        long value = Long.parseLong(digits);
        Duration duration = switch (unit) {
            case "ms" -> Duration.ofMillis(value);
            case "s" -> Duration.ofSeconds(value);
            default -> Duration.ofMinutes(value);
        };
        if (duration.isZero()) {
            throw new IllegalArgumentException(text);
        }
        return duration;
    }
}
