package io.loomarena.harness.remote.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.StreamDrainer;

/**
 * One private sshd of the lab, started in its host's namespace in the foreground ({@code -D -e}) as a child of this
 * JVM, so that it dies with {@link #stop} and its log is at hand when it fails.
 */
final class LabSshd {

    private static final int TAIL_LINES = 30;

    private final LabHost host;
    private final Process process;
    private final StreamDrainer log;
    private final CompletableFuture<Void> listening;

    private LabSshd(LabHost host, Process process, StreamDrainer log, CompletableFuture<Void> listening) {
        this.host = host;
        this.process = process;
        this.log = log;
        this.listening = listening;
    }

    /** Starts {@code sshd -D -e -f config} inside {@code host}'s namespace; does not wait for it. */
    static LabSshd start(Path ip, LabHost host, Path config) {
        List<String> command = List.of(ip.toString(), "netns", "exec", host.namespace(), LabPrerequisites.SSHD, "-D",
                "-e", "-f", config.toString());
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new HarnessException("namespace lab: cannot start sshd for " + host.role() + ": " + e.getMessage(),
                    e);
        }
        // sshd prints this line (LogLevel INFO) once its socket listens: the one moment a client can connect.
        String ready = "Server listening on " + host.address() + " port 22";
        CompletableFuture<Void> listening = new CompletableFuture<>();
        StreamDrainer log = StreamDrainer.start("lab-sshd-" + host.role(), process.getInputStream(), TAIL_LINES,
                line -> {
                    if (line.startsWith(ready)) {
                        listening.complete(null);
                    }
                });
        return new LabSshd(host, process, log, listening);
    }

    /** Waits until sshd listens; fails with its log when it exits first or does not listen within {@code timeout}. */
    void awaitListening(Duration timeout) {
        try {
            CompletableFuture.anyOf(listening, process.onExit()).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("namespace lab: interrupted while waiting for sshd of " + host.role(), e);
        } catch (ExecutionException | TimeoutException e) {
            // Timed out: the check below reports it with sshd's log.
        }
        if (!listening.isDone()) {
            String what = process.isAlive() ? "did not listen within " + timeout.toSeconds() + " s"
                    : "exited with " + process.exitValue();
            log.awaitEnd(Duration.ofSeconds(1));
            throw new HarnessException("namespace lab: sshd of " + host.role() + " in " + host.namespace() + " on "
                    + host.address() + " " + what + System.lineSeparator() + "--- its log:" + System.lineSeparator()
                    + log.tail());
        }
    }

    /** Stops sshd (TERM, then KILL after {@code timeout}); true when it is gone. */
    boolean stop(Duration timeout) {
        process.destroy();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        return !process.isAlive();
    }

    LabHost host() {
        return host;
    }
}
