package io.loomarena.http.load;

import java.time.Duration;
import java.util.Objects;

/**
 * A JMeter-style user ramp: {@code users} users started evenly over {@code period}, each sending one request on its
 * own connection. User {@code i} (from 0) is due at {@code i * period / users} after the start. Immutable.
 *
 * @param users  how many users, 1..{@link LoadDefaults#MAX_RAMP_USERS}
 * @param period the time over which they start, positive, at most {@link LoadDefaults#MAX_DURATION}
 */
public record Ramp(int users, Duration period) {

    public Ramp {
        Objects.requireNonNull(period, "period");
        if (users < 1 || users > LoadDefaults.MAX_RAMP_USERS) {
            throw new IllegalArgumentException("users must be 1.." + LoadDefaults.MAX_RAMP_USERS + ": " + users);
        }
        if (period.isNegative() || period.isZero() || period.compareTo(LoadDefaults.MAX_DURATION) > 0) {
            throw new IllegalArgumentException("period must be positive and at most " + LoadDefaults.MAX_DURATION);
        }
    }

    /** Nanoseconds after the start at which user {@code user} is due to send its request. */
    public long dueNanos(int user) {
        if (user < 0 || user >= users) {
            throw new IndexOutOfBoundsException("user " + user + " of " + users);
        }
        return (long) ((double) user * period.toNanos() / users);
    }

    /** {@code USERS/DURATION}, as on the command line, e.g. {@code 10000/60s}. */
    public String label() {
        return users + "/" + ArgumentValues.formatDuration(period);
    }
}
