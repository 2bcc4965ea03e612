package io.loomarena.harness.idle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.loomarena.harness.summary.ResultFiles;

/**
 * Persists idle-connection measurements under {@code <results>/echo-idle/}: one JSON per server model, and
 * {@code memory.md} / {@code memory.csv} rewritten from every JSON found there after each write. Thread-safe for
 * one writer.
 */
public final class IdleMemoryStore {

    /** The results sub-folder. */
    public static final String FOLDER = "echo-idle";

    private static final double KIB = 1024.0;

    private final Path dir;

    public IdleMemoryStore(Path resultsDir) {
        this.dir = resultsDir.toAbsolutePath().normalize().resolve(FOLDER);
    }

    public Path dir() {
        return dir;
    }

    /** Writes a model's result, then rewrites the tables of every model; returns the JSON file. */
    public Path write(IdleMemory memory) {
        Path file = dir.resolve(IdleMemory.fileName(memory.serverLabel()));
        try {
            Files.createDirectories(dir);
            Path partial = dir.resolve(file.getFileName() + ".partial");
            ResultFiles.JSON.writeValue(partial.toFile(), memory);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            List<IdleMemory> all = readAll();
            Files.writeString(dir.resolve("memory.md"), markdown(all), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("memory.csv"), csv(all), StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Every model's result found in the folder, by file name; empty when none. */
    public List<IdleMemory> readAll() {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*.json")) {
                stream.forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
            }
        }
        files.sort(null);
        List<IdleMemory> all = new ArrayList<>();
        for (Path file : files) {
            try {
                all.add(ResultFiles.JSON.readValue(file.toFile(), IdleMemory.class));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return all;
    }

    /** One row per model and step: connections held, what the server counts, KiB and threads per connection. */
    public static String markdown(List<IdleMemory> all) {
        StringBuilder out = new StringBuilder("# Memory per idle echo connection\n\n");
        out.append("Each model in a fresh server JVM; connections opened from the test JVM and held without sending."
                + " Figures after a full collection (`gc` on the server's stdin), compared with the same server"
                + " holding no connection. Virtual threads live on the heap, platform threads' stacks outside it"
                + " (in RSS). Measured, not asserted: data from this machine at this time.\n\n");
        out.append("| server | connections | server counts open | live threads | RSS MiB | heap MiB"
                + " | RSS KiB/conn | heap KiB/conn | threads/conn |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (IdleMemory memory : all) {
            List<IdleStep> rows = new ArrayList<>(List.of(memory.baseline()));
            rows.addAll(memory.steps());
            for (IdleStep s : rows) {
                out.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %.1f | %.1f | %.1f | %.1f | %.3f |\n",
                        memory.serverLabel(), s.connections(), s.serverActive(), s.liveThreads(),
                        s.rssBytes() / KIB / KIB, s.heapUsedBytes() / KIB / KIB, s.rssPerConnection() / KIB,
                        s.heapPerConnection() / KIB, s.threadsPerConnection()));
            }
        }
        return out.toString();
    }

    /** The same figures as CSV, bytes unscaled. */
    public static String csv(List<IdleMemory> all) {
        StringBuilder out = new StringBuilder("server,connections,server_active,live_threads,rss_bytes,heap_used_bytes,"
                + "rss_bytes_per_connection,heap_bytes_per_connection,threads_per_connection\n");
        for (IdleMemory memory : all) {
            List<IdleStep> rows = new ArrayList<>(List.of(memory.baseline()));
            rows.addAll(memory.steps());
            for (IdleStep s : rows) {
                out.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%.1f,%.1f,%.4f\n", memory.serverLabel(),
                        s.connections(), s.serverActive(), s.liveThreads(), s.rssBytes(), s.heapUsedBytes(),
                        s.rssPerConnection(), s.heapPerConnection(), s.threadsPerConnection()));
            }
        }
        return out.toString();
    }

    /** The {@code [PERF][IDLE]} console line of one step. */
    public static String line(IdleMemory memory, IdleStep s) {
        return String.format(Locale.ROOT, "[PERF][IDLE] %s holding %d idle connections (server counts %d open):"
                        + " RSS %.1f MiB (%+.1f KiB/conn), heap %.1f MiB (%+.1f KiB/conn), %d live threads"
                        + " (%+.3f/conn)", memory.serverLabel(), s.connections(), s.serverActive(),
                s.rssBytes() / KIB / KIB, s.rssPerConnection() / KIB, s.heapUsedBytes() / KIB / KIB,
                s.heapPerConnection() / KIB, s.liveThreads(), s.threadsPerConnection());
    }
}
