package io.loomarena.harness.options;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;


/**
 * The values of the {@code loomarena.*} properties of one run, each turned into its type with one message for a bad
 * one: {@code -Dloomarena.pinning=yes is not allowed: true or false}. Unset (or blank) means the property's default.
 * Immutable.
 */
final class PropertyValues {

    private final Map<String, String> properties;

    PropertyValues(Map<String, String> properties) {
        this.properties = Map.copyOf(properties);
    }

    /** The value, stripped; the default when unset or blank. */
    String text(RunProperty property) {
        return optional(property).orElse(property.defaultValue());
    }

    /** The value, stripped; empty when unset or blank. */
    Optional<String> optional(RunProperty property) {
        String value = properties.get(property.key());
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }

    int integer(RunProperty property, int min, int max) {
        return (int) longInteger(property, min, max);
    }

    long longInteger(RunProperty property, long min, long max) {
        String value = text(property);
        try {
            long parsed = Long.parseLong(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // the message below names the property and what it accepts
        }
        throw bad(property, null);
    }

    boolean bool(RunProperty property) {
        String value = text(property).toLowerCase(Locale.ROOT);
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        throw bad(property, null);
    }

    double fraction(RunProperty property) {
        try {
            double parsed = Double.parseDouble(text(property));
            if (parsed >= 0 && parsed < 1) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // the message below names the property and what it accepts
        }
        throw bad(property, null);
    }

    String matching(RunProperty property, String regex) {
        String value = text(property);
        if (value.matches(regex)) {
            return value;
        }
        throw bad(property, null);
    }

    /** Builds something from the values; a record's own check failing becomes a message naming {@code property}. */
    <T> T check(RunProperty property, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw new BadRunOption(e.getMessage().startsWith("-D") ? e.getMessage()
                    : "-D" + property.key() + ": " + e.getMessage() + " (allowed: " + property.allowed() + ")");
        }
    }

    /** {@code -Dloomarena.forks=abc is not allowed: a whole number 1..100}, with {@code why} when there is more to say. */
    BadRunOption bad(RunProperty property, String why) {
        return new BadRunOption("-D" + property.key() + "=" + properties.get(property.key()) + " is not allowed"
                + (why == null ? "" : " (" + why + ")") + ": " + property.allowed());
    }
}
