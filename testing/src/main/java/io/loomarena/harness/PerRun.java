package io.loomarena.harness;

import java.util.function.Supplier;

/**
 * Something a test run makes once, on first use, and closes at its end (a Cucumber {@code @AfterAll} hook): the A/B
 * gate's builds, the hosts of a run across hosts. A failure to make it is remembered, so that every later scenario
 * fails at once with the same message instead of trying again (a build or an ssh probe each time). Thread-safe.
 *
 * @param <T> what is made; {@code null} is a valid value (nothing to make, for example no remote host is set)
 */
public final class PerRun<T extends AutoCloseable> {

    private T value;
    private boolean made;
    private HarnessException failure;

    /** The value, made by {@code make} on first use; the first failure again on every later call. */
    public synchronized T get(Supplier<T> make) {
        if (failure != null) {
            throw new HarnessException(failure.getMessage(), failure);
        }
        if (!made) {
            try {
                value = make.get();
                made = true;
            } catch (HarnessException e) {
                failure = e;
                throw e;
            }
        }
        return value;
    }

    /** Closes the value, if one was made, and forgets it and any failure: the next {@link #get} makes a new one. */
    public synchronized void close() {
        failure = null;
        made = false;
        T closing = value;
        value = null;
        if (closing != null) {
            try {
                closing.close();
            } catch (HarnessException e) {
                throw e;
            } catch (Exception e) {
                throw new HarnessException("cannot close " + closing + ": " + e.getMessage(), e);
            }
        }
    }
}
