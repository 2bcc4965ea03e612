package io.loomarena.testing.reliability;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The warnings a server in this JVM logs through one logger (the JDK's System.Logger writes to java.util.logging),
 * kept for the scenario to assert on instead of printed: a scenario that provokes a warning on purpose must check it
 * rather than leave an alarming line in a passing run's log. Closing restores the logger.
 */
final class CapturedWarnings implements AutoCloseable {

    private final Logger logger;
    private final boolean parentHandlers;
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                messages.add(record.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private CapturedWarnings(Logger logger) {
        this.logger = logger;
        this.parentHandlers = logger.getUseParentHandlers();
        logger.addHandler(handler);
        logger.setUseParentHandlers(false);
    }

    /** Captures the warnings of the logger named {@code name} from now on. */
    static CapturedWarnings of(String name) {
        return new CapturedWarnings(Logger.getLogger(name));
    }

    List<String> messages() {
        return List.copyOf(messages);
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setUseParentHandlers(parentHandlers);
    }
}
