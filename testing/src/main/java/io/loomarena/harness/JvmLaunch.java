package io.loomarena.harness;

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

    /**
     * The same launch with {@code option}'s value replaced by {@code value} (the word after it), or with both appended
     * when the option is not there.
     */
    public JvmLaunch withOption(String option, String value) {
        List<String> all = new java.util.ArrayList<>(args);
        int at = all.indexOf(option);
        if (at >= 0 && at + 1 < all.size()) {
            all.set(at + 1, value);
        } else {
            all.add(option);
            all.add(value);
        }
        return new JvmLaunch(mainClass, all);
    }

    /** The same launch with {@code more} arguments after these. */
    public JvmLaunch withMoreArgs(List<String> more) {
        List<String> all = new java.util.ArrayList<>(args);
        all.addAll(more);
        return new JvmLaunch(mainClass, all);
    }
}
