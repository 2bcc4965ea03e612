package io.loomarena.measure;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.loomarena.measure.IterationLoop.Step;

/**
 * The pacing protocol between a paced client JVM ({@link IterationLoop.IterationPacer#onStdio}) and the harness that
 * started it, both ends in one class: the client formats, the harness parses, so the two cannot drift apart. One line
 * each way per step:
 * <pre>
 * client: [ITERATION] ready iteration 1/3
 * harness: go
 * client: [ITERATION] done iteration 1/3 elapsedNanos=1214000000 operations=100000 errors=0
 * </pre>
 * Stateless.
 */
public final class IterationProtocol {

    /** What every protocol line of the client starts with; other lines on its stdout are not the protocol's. */
    public static final String PREFIX = "[ITERATION] ";
    /** What the harness answers to a {@link Ready} line. */
    public static final String GO = "go";

    private static final String STEP = "(warmup|iteration) (\\d{1,9})/(\\d{1,9})";
    private static final Pattern READY = Pattern.compile(Pattern.quote(PREFIX) + "ready " + STEP);
    private static final Pattern DONE = Pattern.compile(Pattern.quote(PREFIX) + "done " + STEP
            + " elapsedNanos=(\\d{1,19}) operations=(\\d{1,19}) errors=(\\d{1,19})");

    private IterationProtocol() {
    }

    /** A line of the protocol the client prints. */
    public sealed interface Line permits Ready, Done {

        /** The iteration it is about. */
        Step step();

        /** The line as the client prints it. */
        String format();
    }

    /** The client is about to start {@code step}'s timed work and waits for {@link #GO}. */
    public record Ready(Step step) implements Line {

        @Override
        public String format() {
            return PREFIX + "ready " + step;
        }
    }

    /**
     * The timed work of {@code step} ended: what it measured.
     *
     * @param elapsedNanos the timed work's duration
     * @param operations   operations completed
     * @param errors       operations failed, all kinds together
     */
    public record Done(Step step, long elapsedNanos, long operations, long errors) implements Line {

        public Done {
            if (elapsedNanos < 0 || operations < 0 || errors < 0) {
                throw new IllegalArgumentException("elapsedNanos, operations and errors must be >= 0, got "
                        + elapsedNanos + ", " + operations + ", " + errors);
            }
        }

        /** The line of {@code step} that measured {@code result}. */
        public static Done of(Step step, RunResult result) {
            return new Done(step, result.elapsedNanos(), result.operations(), result.totalErrors());
        }

        @Override
        public String format() {
            return String.format(Locale.ROOT, "%sdone %s elapsedNanos=%d operations=%d errors=%d", PREFIX, step,
                    elapsedNanos, operations, errors);
        }
    }

    /**
     * The protocol line {@code line} is, or empty when it is not one (it does not start with {@link #PREFIX}: the
     * client's other output).
     *
     * @throws IllegalArgumentException when it starts with {@link #PREFIX} but is no well-formed line; the message
     *                                  quotes it
     */
    public static Optional<Line> parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return Optional.empty();
        }
        Matcher ready = READY.matcher(line);
        if (ready.matches()) {
            return Optional.of(new Ready(step(ready, line)));
        }
        Matcher done = DONE.matcher(line);
        if (done.matches()) {
            try {
                return Optional.of(new Done(step(done, line), Long.parseLong(done.group(4)),
                        Long.parseLong(done.group(5)), Long.parseLong(done.group(6))));
            } catch (NumberFormatException e) {
                throw malformed(line); // 19 digits beyond Long.MAX_VALUE
            }
        }
        throw malformed(line);
    }

    private static Step step(Matcher matcher, String line) {
        int index = Integer.parseInt(matcher.group(2));
        int count = Integer.parseInt(matcher.group(3));
        if (index < 1 || index > count) {
            throw malformed(line);
        }
        return new Step("warmup".equals(matcher.group(1)), index, count);
    }

    private static IllegalArgumentException malformed(String line) {
        return new IllegalArgumentException("malformed iteration protocol line (expected '" + PREFIX
                + "ready|done warmup|iteration N/M ...'): '" + line + "'");
    }
}
