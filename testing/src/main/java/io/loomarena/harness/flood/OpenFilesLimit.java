package io.loomarena.harness.flood;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A process's open-files limit: read from {@code /proc/PID/limits}, lowered with util-linux {@code prlimit}.
 * Stateless.
 */
final class OpenFilesLimit {

    private OpenFilesLimit() {
    }

    /** The soft limit of open files of process {@code pid}, or -1 when it cannot be read (no {@code /proc}). */
    static long of(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "limits"))) {
                if (line.startsWith("Max open files")) {
                    return parse(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or the process is gone: the limit is unknown and the flood will show what happens.
        }
        return -1;
    }

    /** {@code Max open files  20000  20000  files} gives 20000; {@code unlimited} gives {@link Long#MAX_VALUE}. */
    static long parse(String line) {
        String[] fields = line.substring("Max open files".length()).strip().split("\\s+");
        return fields[0].equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(fields[0]);
    }

    /**
     * Sets the soft and hard open-files limit of process {@code pid} to {@code limit} with {@code prlimit}.
     *
     * @throws IllegalStateException when {@code prlimit} is missing or fails, with its message
     */
    static void set(long pid, int limit) {
        ProcessBuilder command = new ProcessBuilder("prlimit", "--pid", String.valueOf(pid),
                "--nofile=" + limit + ":" + limit).redirectErrorStream(true);
        try {
            Process prlimit = command.start();
            String output;
            try (var out = prlimit.getInputStream()) {
                output = new String(out.readNBytes(4096), java.nio.charset.StandardCharsets.UTF_8).strip();
            }
            if (!prlimit.waitFor(10, TimeUnit.SECONDS)) {
                prlimit.destroyForcibly();
                throw new IllegalStateException("prlimit did not finish within 10 s");
            }
            if (prlimit.exitValue() != 0) {
                throw new IllegalStateException("prlimit --pid " + pid + " --nofile=" + limit + " failed (exit "
                        + prlimit.exitValue() + "): " + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run prlimit (util-linux) to lower the server's open-files limit: "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running prlimit", e);
        }
        if (of(pid) != limit) {
            throw new IllegalStateException("prlimit ran, but the open-files limit of " + pid + " is " + of(pid)
                    + " instead of " + limit);
        }
    }
}
