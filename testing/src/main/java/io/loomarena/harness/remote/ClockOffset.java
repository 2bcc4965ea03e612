package io.loomarena.harness.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.loomarena.harness.HarnessException;

/**
 * A host's clock against this machine's, measured as NTP does it in one exchange: this machine notes its clock,
 * asks the host for its clock ({@code date +%s%N}) over one open ssh session, and notes the round trip; the host's
 * reading is compared with the middle of the round trip. Of several exchanges the one with the shortest round trip
 * is kept, since it leaves the least room for error. Stateless.
 */
final class ClockOffset {

    /** Exchanges per host: the shortest of these round trips bounds the error. */
    static final int SAMPLES = 7;

    /** The offset and its bound, in milliseconds. */
    record Measured(double offsetMillis, double errorMillis) {
    }

    private ClockOffset() {
    }

    static Measured measure(Ssh ssh, String target, Duration timeout) {
        Process process;
        try {
            process = new ProcessBuilder(ssh.command(target, "while read -r line; do date +%s%N; done")).start();
        } catch (IOException e) {
            throw new HarnessException("cannot run ssh to read the clock of " + target + ": " + e.getMessage(), e);
        }
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // The session ended: the wait below times out and says so.
            }
        }, "clock-" + target);
        reader.setDaemon(true);
        reader.start();
        try (OutputStream out = process.getOutputStream()) {
            long deadline = System.nanoTime() + timeout.toNanos();
            Measured best = null;
            for (int i = 0; i < SAMPLES; i++) {
                long sentNanos = System.nanoTime();
                Instant sent = Instant.now();
                out.write('\n');
                out.flush();
                String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                long roundTrip = System.nanoTime() - sentNanos;
                if (line == null) {
                    throw new HarnessException("cannot read the clock of " + target + ": no answer to 'date +%s%N'"
                            + " within " + timeout.toSeconds() + " s" + stderrOf(process));
                }
                long remoteNanos;
                try {
                    remoteNanos = Long.parseLong(line.strip());
                } catch (NumberFormatException e) {
                    throw new HarnessException("cannot read the clock of " + target + ": 'date +%s%N' printed '"
                            + line + "' (GNU date is needed)");
                }
                double localMidNanos = sent.getEpochSecond() * 1e9 + sent.getNano() + roundTrip / 2.0;
                Measured sample = new Measured((remoteNanos - localMidNanos) / 1e6, roundTrip / 2e6);
                if (best == null || sample.errorMillis() < best.errorMillis()) {
                    best = sample;
                }
            }
            return best;
        } catch (IOException e) {
            throw new HarnessException("cannot read the clock of " + target + ": the ssh session ended ("
                    + e.getMessage() + ")" + stderrOf(process), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while reading the clock of " + target, e);
        } finally {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String stderrOf(Process process) {
        if (process.isAlive()) {
            return "";
        }
        try {
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return err.isEmpty() ? "" : ": " + err;
        } catch (IOException e) {
            return "";
        }
    }
}
