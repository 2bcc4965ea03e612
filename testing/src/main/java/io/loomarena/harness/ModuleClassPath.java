package io.loomarena.harness;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The class path of an application built in a Maven module of its own (a framework's, under
 * {@code http-server/frameworks/}): the file {@value #FILE} that the module's {@code ./mvnw compile} writes (its
 * {@code target/classes} and every dependency jar, absolute paths, {@code :} separated), read from the repository root
 * only when its JVM starts. So a module that is not built fails that one launch with one line naming what runs from it
 * and the command that builds it, and plans of the other rows are untouched. Immutable.
 *
 * @param module the module's folder relative to the repository root, {@code http-server/frameworks/jetty}
 * @param owner  what runs from it, for messages: {@code jetty-virtual}
 */
public record ModuleClassPath(String module, String owner) {

    /** Where a module writes its class path, relative to the module's folder. */
    public static final String FILE = "target/classpath.txt";

    public ModuleClassPath {
        Objects.requireNonNull(module, "module");
        Objects.requireNonNull(owner, "owner");
        if (module.isBlank() || module.startsWith("/") || module.contains("..")) {
            throw new IllegalArgumentException("a module is a folder below the repository root, got '" + module + "'");
        }
    }

    /** The command that builds the module and writes its class path: {@code ./mvnw -q -pl M -am compile}. */
    public String buildCommand() {
        return "./mvnw -q -pl " + module + " -am compile";
    }

    /** The class path file of the module in {@code repository}. */
    public Path file(Path repository) {
        return repository.resolve(module).resolve(FILE);
    }

    /**
     * The class path written in the module's {@value #FILE}, every entry checked to exist.
     *
     * @param repository the repository root: the parent of the results folder, where the harness finds every build
     *                   output
     * @throws HarnessException one line naming {@link #owner()} and the command that builds the module, when the
     *                          file is missing, empty or names an entry that is gone
     */
    public String read(Path repository) {
        Path file = file(repository);
        if (!Files.isRegularFile(file)) {
            throw notBuilt("is not built (no " + file + ")");
        }
        String classPath;
        try {
            classPath = Files.readString(file).strip();
        } catch (IOException e) {
            throw notBuilt("cannot be read (" + file + ": " + e.getMessage() + ")");
        }
        if (classPath.isEmpty()) {
            throw notBuilt("has an empty " + file);
        }
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!Files.exists(Path.of(entry))) {
                throw notBuilt("lists " + entry + " in " + file + ", which does not exist");
            }
        }
        return classPath;
    }

    private HarnessException notBuilt(String what) {
        return new NotBuilt(owner + ": " + module + " " + what + "; build it with " + buildCommand());
    }

    /**
     * The one line of a module that is not built: it says all, so it has no stack trace. A precondition of the
     * machine's build, like a database that is not installed: the scenarios report it as a skip, the rankings as a gap.
     */
    public static final class NotBuilt extends HarnessException {
        private static final long serialVersionUID = 1L;

        NotBuilt(String message) {
            super(message, false);
        }
    }
}
