package io.loomarena.harness.fork;

import java.util.List;
import java.util.Objects;

/**
 * What to run in a forked JVM: a main class on the current class path and its arguments. Immutable.
 *
 * @param mainClass fully qualified main class, for example {@code io.loomarena.echo.EchoMain}
 * @param args      program arguments, in order
 */
public record JvmLaunch(String mainClass, List<String> args) {

    public JvmLaunch {
        Objects.requireNonNull(mainClass, "mainClass");
        args = List.copyOf(args);
    }

    public static JvmLaunch of(String mainClass, String... args) {
        return new JvmLaunch(mainClass, List.of(args));
    }

    /** The same launch with {@code more} arguments after these. */
    public JvmLaunch withMoreArgs(List<String> more) {
        List<String> all = new java.util.ArrayList<>(args);
        all.addAll(more);
        return new JvmLaunch(mainClass, all);
    }
}
