package io.loomarena.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What to run in a forked JVM: a main class and its arguments, on the forking JVM's class path or, for an application
 * built in a module of its own (a framework's), on that module's ({@link ModuleClassPath}, read when the JVM starts).
 * Immutable.
 *
 * @param mainClass fully qualified main class, for example {@code io.loomarena.echo.EchoMain}
 * @param args      program arguments, in order
 * @param classPath the module whose class path the JVM runs with; {@code null}: the forking JVM's own
 */
public record JvmLaunch(String mainClass, List<String> args, ModuleClassPath classPath) {

    public JvmLaunch {
        Objects.requireNonNull(mainClass, "mainClass");
        args = List.copyOf(args);
    }

    /** A main class on the forking JVM's class path. */
    public JvmLaunch(String mainClass, List<String> args) {
        this(mainClass, args, null);
    }

    public static JvmLaunch of(String mainClass, String... args) {
        return new JvmLaunch(mainClass, List.of(args));
    }

    /**
     * The same launch with {@code option}'s value replaced by {@code value} (the word after it), or with both appended
     * when the option is not there.
     */
    public JvmLaunch withOption(String option, String value) {
        List<String> all = new ArrayList<>(args);
        int at = all.indexOf(option);
        if (at >= 0 && at + 1 < all.size()) {
            all.set(at + 1, value);
        } else {
            all.add(option);
            all.add(value);
        }
        return new JvmLaunch(mainClass, all, classPath);
    }

    /** The same launch with {@code more} arguments after these. */
    public JvmLaunch withMoreArgs(List<String> more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(more);
        return new JvmLaunch(mainClass, all, classPath);
    }
}
