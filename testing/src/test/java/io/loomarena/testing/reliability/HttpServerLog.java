package io.loomarena.testing.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * What the in-process HTTP server reported as a problem while a scenario ran: records of its {@link System.Logger}
 * (which writes to java.util.logging, logger {@code io.loomarena...}) at WARNING or above or with an exception,
 * exceptions that escaped any thread (the default uncaught-exception handler), and stack-trace lines written to
 * {@code System.err}. Everything still reaches its usual destination; this only listens. One per scenario
 * (PicoContainer); {@link #start()} and {@link #stop()} are called by {@link HttpReliabilityHooks}.
 */
public final class HttpServerLog {

    /** Held strongly: java.util.logging keeps loggers only weakly, and the handler lives on this one. */
    private static final Logger PROJECT_LOGGER = Logger.getLogger("io.loomarena");
    private static final Pattern STACK_TRACE_LINE = Pattern.compile(
            "^\\s+at [\\w$.<>/]+\\(.*\\)\\s*$|^Exception in thread |^Caused by: ");

    private final List<String> problems = new CopyOnWriteArrayList<>();
    private Handler handler;
    private Thread.UncaughtExceptionHandler previousUncaught;
    private PrintStream previousErr;

    /** Starts listening. */
    public synchronized void start() {
        if (handler != null) {
            return;
        }
        handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getThrown() != null || record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    problems.add(record.getLevel() + " " + record.getLoggerName() + ": " + record.getMessage()
                            + (record.getThrown() == null ? "" : " " + record.getThrown()));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        PROJECT_LOGGER.addHandler(handler);
        previousUncaught = Thread.getDefaultUncaughtExceptionHandler();
        previousErr = System.err;
        PrintStream err = previousErr;
        Thread.UncaughtExceptionHandler before = previousUncaught;
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            problems.add("uncaught in " + thread.getName() + ": " + e);
            if (before != null) {
                before.uncaughtException(thread, e);
            } else {
                e.printStackTrace(err);
            }
        });
        System.setErr(new PrintStream(new LineTee(previousErr), true, StandardCharsets.UTF_8));
    }

    /** Stops listening and puts back what {@link #start()} replaced. */
    public synchronized void stop() {
        if (handler == null) {
            return;
        }
        PROJECT_LOGGER.removeHandler(handler);
        Thread.setDefaultUncaughtExceptionHandler(previousUncaught);
        System.err.flush();
        System.setErr(previousErr);
        handler = null;
    }

    /** Whether it listens (from {@link #start()} to {@link #stop()}). */
    public synchronized boolean started() {
        return handler != null;
    }

    /** Every problem seen since {@link #start()}, one line each. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** Passes bytes on unchanged and looks at each complete line for a stack trace. */
    private final class LineTee extends OutputStream {
        private final OutputStream target;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LineTee(OutputStream target) {
            this.target = target;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            target.write(b);
            if (b == '\n') {
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                if (STACK_TRACE_LINE.matcher(text).find()) {
                    problems.add("stderr: " + text.strip());
                }
            } else if (line.size() < 4096) {
                line.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        @Override
        public void flush() throws IOException {
            target.flush();
        }
    }
}
