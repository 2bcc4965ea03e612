package io.loomarena.harness.gate;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;

import io.loomarena.harness.HarnessException;

/**
 * The runnable jars of one build, one side of an A/B comparison: {@code echo.jar} (echo server and client) and
 * {@code http-server.jar} (HTTP server and load client), each shaded with everything it needs. Immutable.
 *
 * @param name    the build as the user named it: a git ref, {@code this build}, or a folder
 * @param echoJar the echo jar
 * @param httpJar the HTTP jar
 */
public record BuildJars(String name, Path echoJar, Path httpJar) {

    /** The jar file names a build produces ({@code <module>/target/<module>.jar}). */
    public static final String ECHO_JAR = "echo.jar";
    public static final String HTTP_JAR = "http-server.jar";
    static final String ECHO_MAIN = "io/loomarena/echo/EchoMain.class";
    static final String HTTP_MAIN = "io/loomarena/http/HttpMain.class";

    /**
     * The jars in {@code folder} ({@value #ECHO_JAR} and {@value #HTTP_JAR}), checked to be readable jars with their
     * entry points.
     *
     * @throws HarnessException naming the file and what is wrong with it
     */
    public static BuildJars inFolder(String name, Path folder) {
        return inFolder(name, folder, "baseline jars");
    }

    /** As {@link #inFolder(String, Path)}, its messages starting with {@code what}, for example "this build's jars". */
    public static BuildJars inFolder(String name, Path folder, String what) {
        if (!Files.isDirectory(folder)) {
            throw new HarnessException(what + ": " + folder + " is not a folder (expected " + ECHO_JAR
                    + " and " + HTTP_JAR + " in it)");
        }
        return new BuildJars(name, checked(folder.resolve(ECHO_JAR), ECHO_MAIN, what),
                checked(folder.resolve(HTTP_JAR), HTTP_MAIN, what));
    }

    /** The class path a forked JVM of this build runs with: both jars, so both suites' main classes are found. */
    public String classPath() {
        return echoJar + File.pathSeparator + httpJar;
    }

    private static Path checked(Path jar, String entryPoint, String what) {
        if (!Files.isRegularFile(jar)) {
            throw new HarnessException(what + ": " + jar + " does not exist");
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            if (file.getEntry(entryPoint) == null) {
                throw new HarnessException(what + ": " + jar + " has no " + entryPoint.replace('/', '.')
                        .replace(".class", "") + " (not a loom-arena " + jar.getFileName() + "?)");
            }
        } catch (IOException e) {
            throw new HarnessException(what + ": " + jar + " is not a readable jar: " + e.getMessage(), e);
        }
        return jar.toAbsolutePath();
    }
}
