package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpStatus;

/**
 * Maps a {@code /files/<name>} name to a regular file inside the docroot and nowhere else: the name (already
 * percent-decoded) may not have empty, {@code .}, {@code ..} or hidden segments nor backslashes, and the file's real
 * path (symbolic links followed) must stay under the docroot's real path. Every refusal is a plain 404, so a prober
 * learns nothing about what exists outside. Immutable and thread-safe.
 */
public final class Docroot {

    private final Path root;

    /** @param root an existing folder */
    public Docroot(Path root) throws IOException {
        this.root = root.toRealPath();
        if (!Files.isDirectory(this.root)) {
            throw new IOException("not a folder: " + root);
        }
    }

    public Path root() {
        return root;
    }

    /**
     * The real path of a servable file.
     *
     * @throws HttpException 404 when the name is not a plain relative name of a regular file under the docroot
     */
    public Path resolve(String name) throws HttpException {
        if (!isPlainRelativeName(name)) {
            throw notFound(name);
        }
        try {
            Path real = root.resolve(name).toRealPath();
            if (!real.startsWith(root) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
                throw notFound(name);
            }
            return real;
        } catch (IOException | RuntimeException e) {
            // Missing, unreadable, or a name the file system rejects: all the same to the client.
            throw notFound(name);
        }
    }

    /** Whether the name is {@code segment(/segment)*} with no empty, dot or hidden segment. */
    static boolean isPlainRelativeName(String name) {
        if (name.isEmpty() || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0) {
            return false;
        }
        int from = 0;
        while (true) {
            int slash = name.indexOf('/', from);
            int end = slash < 0 ? name.length() : slash;
            if (end == from || name.charAt(from) == '.') {
                return false;
            }
            if (slash < 0) {
                return true;
            }
            from = slash + 1;
        }
    }

    static HttpException notFound(String name) {
        String shown = name.length() > 80 ? name.substring(0, 80) + "..." : name;
        return HttpException.application(HttpStatus.NOT_FOUND,
                "no file " + shown.replaceAll("[^\\x20-\\x7E]", "?") + " in the docroot");
    }
}
