package io.loomarena.harness.summary;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.loomarena.measure.ParentFolder;

/**
 * How every file under the results folder is written and read: JSON pretty-printed, unknown fields ignored when read
 * (a file written by a newer version still reads), and every write atomic (written beside the file, then moved over
 * it), so a reader never sees half a file and a failed run never leaves one. Stateless and thread-safe.
 */
public final class ResultFiles {

    /** The JSON format of every result file. */
    public static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultFiles() {
    }

    /** Writes {@code value} as JSON to {@code file}, atomically, creating its folder; returns the file. */
    public static Path writeJson(Path file, Object value) {
        return writeJson(JSON, file, value);
    }

    /** Like {@link #writeJson(Path, Object)} with another mapper (for example one that sorts map keys). */
    public static Path writeJson(ObjectMapper mapper, Path file, Object value) {
        try {
            ParentFolder.create(file);
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            mapper.writeValue(partial.toFile(), value);
            return Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Writes {@code text} (UTF-8) to {@code file}, atomically, creating its folder; returns the file. */
    public static Path writeText(Path file, String text) {
        try {
            ParentFolder.create(file);
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            Files.writeString(partial, text, StandardCharsets.UTF_8);
            return Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a JSON result file.
     *
     * @param what what the file holds, for the message, for example {@code benchmark summary}
     */
    public static <T> T readJson(Path file, Class<T> type, String what) {
        try {
            return JSON.readValue(file.toFile(), type);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + what + " " + file + ": " + e.getMessage(), e);
        }
    }
}
