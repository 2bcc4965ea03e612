package io.loomarena.harness.remote;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.StreamDrainer;

/**
 * OpenSSH as the harness uses it: {@code ssh} to run a command on a host, {@code scp} to copy files, with fixed
 * options that make a failure quick and visible instead of a prompt or a hang, then the user's own options.
 * Immutable and thread-safe.
 *
 * @param options the user's extra options ({@code -i key}, {@code -o ...}), after the fixed ones
 */
public record Ssh(List<String> options) {

    /**
     * Never ask for a password or a host key confirmation (a prompt would hang a test run), give up connecting after
     * 10 s, and notice a dead peer within 15 s so that a remote JVM never outlives a lost link for long.
     */
    static final List<String> FIXED = List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=10",
            "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3");

    /** Lines kept of each output of a command; the harness's commands print a handful. */
    static final int OUTPUT_LINES = 200;
    /** How long an exited command's outputs may take to be read to their end. */
    private static final Duration OUTPUT_END = Duration.ofSeconds(5);

    public Ssh {
        options = List.copyOf(options);
    }

    /** What a finished command printed and returned. */
    public record Result(int exitCode, String stdout, String stderr) {

        /** The last non-blank line of stderr, or the exit code when there is none: ssh's own reason comes last. */
        public String reason() {
            String[] lines = stderr.strip().split("\\R");
            String last = lines.length == 0 ? "" : lines[lines.length - 1].strip();
            return last.isEmpty() ? "exit code " + exitCode : last;
        }
    }

    /** {@code ssh FIXED OPTIONS -T target remoteCommand}: the remote shell runs {@code remoteCommand}. */
    public List<String> command(String target, String remoteCommand) {
        List<String> command = new ArrayList<>(List.of("ssh"));
        command.addAll(FIXED);
        command.addAll(options);
        command.addAll(List.of("-T", target, remoteCommand));
        return List.copyOf(command);
    }

    /** {@code scp -q FIXED OPTIONS from... to}: paths on a host are written {@code target:path}. */
    public List<String> copyCommand(List<String> from, String to) {
        List<String> command = new ArrayList<>(List.of("scp", "-q"));
        command.addAll(FIXED);
        command.addAll(options);
        command.addAll(from);
        command.add(to);
        return List.copyOf(command);
    }

    /** Runs {@code remoteCommand} on {@code target} and waits at most {@code timeout}; never throws on a bad exit. */
    public Result run(String target, String remoteCommand, Duration timeout) {
        return exec(command(target, remoteCommand), timeout, "ssh " + target);
    }

    /** Copies with {@code scp}; a failure is an error naming what could not be copied and scp's reason. */
    public void copy(List<String> from, String to, Duration timeout) {
        Result result = exec(copyCommand(from, to), timeout, "scp to " + to);
        if (result.exitCode() != 0) {
            throw new HarnessException("cannot copy " + String.join(", ", from) + " to " + to + ": "
                    + result.reason());
        }
    }

    /**
     * Runs a local command (ssh or scp), both outputs drained on their own threads ({@link StreamDrainer}), bounded
     * by {@code timeout}. The commands the harness runs print a few lines; {@value #OUTPUT_LINES} are kept of each.
     */
    static Result exec(List<String> command, Duration timeout, String what) {
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new HarnessException("cannot run " + command.get(0) + " (" + what + "): " + e.getMessage()
                    + "; install OpenSSH's client (Debian: openssh-client)", e);
        }
        try {
            process.getOutputStream().close();
            StreamDrainer out = StreamDrainer.start(what + " stdout", process.getInputStream(), OUTPUT_LINES,
                    line -> { });
            StreamDrainer err = StreamDrainer.start(what + " stderr", process.getErrorStream(), OUTPUT_LINES,
                    line -> { });
            if (!process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
                return new Result(-1, "", what + " did not finish within " + (timeout.toMillis() >= 1000
                        ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms"));
            }
            out.awaitEnd(OUTPUT_END);
            err.awaitEnd(OUTPUT_END);
            return new Result(process.exitValue(), out.tail(), err.tail());
        } catch (IOException e) {
            process.destroyForcibly();
            throw new HarnessException("cannot talk to " + what + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while running " + what, e);
        }
    }

    /** {@code 'text'} for a POSIX shell, single quotes inside escaped. */
    public static String quote(String text) {
        if (text.matches("[A-Za-z0-9_./:=,+@%-]+")) {
            return text;
        }
        return "'" + text.replace("'", "'\\''") + "'";
    }

    /** Every word quoted and joined with spaces: a command line for the remote shell. */
    public static String quoteAll(List<String> words) {
        List<String> quoted = new ArrayList<>();
        for (String word : words) {
            quoted.add(quote(word));
        }
        return String.join(" ", quoted);
    }
}
