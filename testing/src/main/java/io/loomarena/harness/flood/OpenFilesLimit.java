package io.loomarena.harness.flood;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A process's soft open-files limit, read from {@code /proc/PID/limits}. Stateless. */
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
}
