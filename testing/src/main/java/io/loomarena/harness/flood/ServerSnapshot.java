package io.loomarena.harness.flood;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.measure.ServerStats;

/**
 * A forked server's resources at one instant: its {@code stats} answer plus its open file descriptors, counted from
 * outside in {@code /proc/PID/fd}. Immutable.
 *
 * @param liveThreads       live platform threads
 * @param peakThreads       peak platform threads since the last {@code reset-peaks}
 * @param heapUsedBytes     heap in use (live heap when taken right after a {@code gc})
 * @param rssBytes          resident set size
 * @param peakRssBytes      peak resident set size since the last reset (or since start)
 * @param fileDescriptors   open file descriptors, or -1 where {@code /proc} does not show them
 * @param activeConnections the server's open-connection counter (accepted and not yet closed)
 */
public record ServerSnapshot(int liveThreads, int peakThreads, long heapUsedBytes, long rssBytes, long peakRssBytes,
                             int fileDescriptors, long activeConnections) {

    /** Takes a snapshot now; with {@code gcFirst}, after a full collection so that the heap figure is live heap. */
    public static ServerSnapshot take(ForkedServer server, boolean gcFirst) {
        if (gcFirst) {
            server.gc();
        }
        ServerStats stats = server.stats();
        return new ServerSnapshot(stats.liveThreads(), stats.peakThreads(), stats.heapUsedBytes(), stats.rssBytes(),
                stats.peakRssBytes(), fileDescriptors(stats.pid()),
                stats.counters().getOrDefault("activeConnections", -1L));
    }

    /** Open file descriptors of a process, or -1 when {@code /proc/PID/fd} is not readable. */
    public static int fileDescriptors(long pid) {
        Path fds = Path.of("/proc", String.valueOf(pid), "fd");
        if (!Files.isDirectory(fds)) {
            return -1;
        }
        try (Stream<Path> entries = Files.list(fds)) {
            return (int) entries.count();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot count the file descriptors in " + fds, e);
        }
    }

    /**
     * What a process's open file descriptors are, by kind ({@code socket}, {@code anon_inode:[eventpoll]}, a file
     * path), with counts: for messages explaining a difference from the baseline. Empty where {@code /proc} is missing.
     */
    public static Map<String, Integer> fileDescriptorKinds(long pid) {
        Map<String, Integer> kinds = new TreeMap<>();
        Path fds = Path.of("/proc", String.valueOf(pid), "fd");
        if (!Files.isDirectory(fds)) {
            return kinds;
        }
        try (Stream<Path> entries = Files.list(fds)) {
            entries.forEach(fd -> {
                String kind;
                try {
                    kind = Files.readSymbolicLink(fd).toString().replaceAll("^(socket|pipe):\\[\\d+]$", "$1");
                } catch (IOException e) {
                    kind = "(closed while listing)";
                }
                kinds.merge(kind, 1, Integer::sum);
            });
        } catch (IOException e) {
            // Diagnostics only: an unreadable listing gives no kinds.
        }
        return kinds;
    }

    /** One line for messages and reports: {@code threads=12 heap=8.1 MiB rss=61.0 MiB fds=14 active=0}. */
    public String describe() {
        return "threads=" + liveThreads + " peakThreads=" + peakThreads + " heap=" + mib(heapUsedBytes) + " rss="
                + mib(rssBytes) + " peakRss=" + mib(peakRssBytes) + " fds=" + fileDescriptors + " active="
                + activeConnections;
    }

    /** Bytes as mebibytes with one decimal, for example {@code 61.0 MiB}. */
    public static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
