package io.loomarena.harness.remote.lab;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.StreamDrainer;

/** Runs one short command of the lab ({@code ip}, {@code ssh-keygen}, the setup script) to its end, bounded. */
final class LabCommand {

    private static final int TAIL_LINES = 40;

    /** What a command did: its exit code (-1 when it could not start or timed out) and its last lines of output. */
    record Outcome(int exit, String output) {

        boolean succeeded() {
            return exit == 0;
        }
    }

    private LabCommand() {
    }

    /** Runs {@code command} with stderr merged into stdout; kills it (and its children) after {@code timeout}. */
    static Outcome run(Duration timeout, List<String> command) {
        return run(timeout, command, line -> { });
    }

    /** As {@link #run(Duration, List)}, handing each line of output to {@code listener} as it comes. */
    static Outcome run(Duration timeout, List<String> command, Consumer<String> listener) {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Outcome(-1, "cannot run " + command.getFirst() + ": " + e.getMessage());
        }
        try {
            process.getOutputStream().close();
            StreamDrainer output = StreamDrainer.start("lab-" + command.getFirst(), process.getInputStream(),
                    TAIL_LINES, listener);
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                return new Outcome(-1, "timed out after " + timeout.toSeconds() + " s: " + String.join(" ", command));
            }
            output.awaitEnd(Duration.ofSeconds(5));
            return new Outcome(process.exitValue(), output.tail());
        } catch (IOException e) {
            process.destroyForcibly();
            return new Outcome(-1, "cannot talk to " + command.getFirst() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while running " + String.join(" ", command), e);
        }
    }

    /** Runs {@code command} and fails with its output when it does not exit 0. */
    static String require(Duration timeout, String step, List<String> command) {
        Outcome outcome = run(timeout, command);
        if (!outcome.succeeded()) {
            throw new HarnessException("namespace lab: " + step + " failed (exit " + outcome.exit() + "): "
                    + String.join(" ", command) + System.lineSeparator() + outcome.output());
        }
        return outcome.output();
    }
}
