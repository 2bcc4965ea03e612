package io.loomarena.harness.options;

import io.loomarena.harness.HarnessException;

/**
 * A {@code -Dloomarena.*} property with a value that is not allowed, or a name that is not a property. The message is
 * the one line a user needs (the property, the value, what is allowed); it carries no stack trace, because the fix is
 * on the command line, not in the code, and a run's every scenario that reads the options shows it.
 */
public final class BadRunOption extends HarnessException {

    public BadRunOption(String message) {
        super(message, false); // no stack trace: where the value was read says nothing the message does not
    }

    /** Just the message, without the class name. */
    @Override
    public String toString() {
        return getMessage();
    }
}
