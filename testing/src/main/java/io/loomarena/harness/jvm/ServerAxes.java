package io.loomarena.harness.jvm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.ServerCell;

/**
 * The JVM axes of a run, like JMH's {@code -jvm} and {@code -jvmArgs}: the JVMs the server under test runs on
 * ({@code -Dloomarena.jvms=jdk21=/path/java,jdk25=/path/java}) and the named flag sets it runs with
 * ({@code -Dloomarena.flagSets='default=;poller1=-Djdk.pollerMode=1'}). Every suite measures each combination once
 * per cell, JVM x flag set. The axes apply to the server only: the clients (and the fan-out suite's downstream) stay
 * on the default JVM and flags, so that the yardstick that measures every cell is the same. A run that sets neither
 * has one cell, {@link ServerCell#ONLY}: today's JVM and flags. This record checks what can be checked without running
 * anything (names, duplicates, that each path is an executable); {@link #check} runs each java once. Immutable.
 *
 * @param jvms     the JVMs, in the order given; at least one
 * @param flagSets the flag sets, in the order given; at least one
 */
public record ServerAxes(List<ServerJvm> jvms, List<FlagSet> flagSets) {

    /** What a name in either axis may be: it names folders and follows a combination's name. */
    private static final String NAME = "[A-Za-z0-9][A-Za-z0-9._-]*";

    /** One JVM of the axis: its name in the run and its {@code java}. */
    public record ServerJvm(String name, Path java) {
        public ServerJvm {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(java, "java");
        }
    }

    /** One named flag set: flags added to the server's after heap and collector. */
    public record FlagSet(String name, List<String> flags) {
        public FlagSet {
            Objects.requireNonNull(name, "name");
            flags = List.copyOf(flags);
        }
    }

    /** One cell: a JVM with a flag set. */
    public record Cell(ServerJvm jvm, FlagSet flagSet) {

        /** The cell as summaries record it. */
        public ServerCell recorded() {
            return new ServerCell(jvm.name(), flagSet.name(), flagSet.flags());
        }

        /**
         * The server's fork in this cell: {@code base} (the run's server fork) with this cell's java, and its flags
         * after the run's; a collector flag in the set ({@code -XX:+Use...GC}) replaces the run's {@code gc}, which
         * a JVM would otherwise refuse as a second collector.
         */
        public JvmFork serverFork(JvmFork base, String runGc) {
            List<String> args = new ArrayList<>(base.jvmArgs());
            if (flagSet.flags().stream().anyMatch(ServerAxes::selectsCollector)) {
                args.remove(runGc);
            }
            args.addAll(flagSet.flags());
            return new JvmFork(jvm.java(), base.classPath(), args, base.pinning(), base.launcher());
        }
    }

    public ServerAxes {
        jvms = List.copyOf(jvms);
        flagSets = List.copyOf(flagSets);
        if (jvms.isEmpty() || flagSets.isEmpty()) {
            throw new IllegalArgumentException("each axis needs at least one value");
        }
    }

    /** The one cell of a run that sets no axes: {@code java} (the one running the tests) with no more flags. */
    public static ServerAxes only(Path java) {
        return new ServerAxes(List.of(new ServerJvm(ServerCell.DEFAULT, java)),
                List.of(new FlagSet(ServerCell.DEFAULT, List.of())));
    }

    /**
     * The JVMs written {@code name=path,name=path}: each path a {@code java} or a JDK's home folder ({@code ~/}
     * is {@code home}).
     *
     * @throws IllegalArgumentException naming the entry: an empty or malformed name, a duplicate, a path that is
     *                                  not an executable java
     */
    public static List<ServerJvm> parseJvms(String text, Path home) {
        List<ServerJvm> jvms = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String entry : text.split(",")) {
            String[] parts = nameAndValue(entry, "name=path", names);
            String path = parts[1].startsWith("~/") ? home + parts[1].substring(1) : parts[1];
            if (path.isBlank()) {
                throw new IllegalArgumentException("'" + entry.strip() + "' names no java");
            }
            Path java = ComparedJdks.javaIn(Path.of(path));
            if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
                throw new IllegalArgumentException("'" + parts[0] + "': " + java + " is not an executable java");
            }
            jvms.add(new ServerJvm(parts[0], java));
        }
        return List.copyOf(jvms);
    }

    /**
     * The flag sets written {@code name=flags;name=flags}, flags separated by spaces, each starting with {@code -}
     * ({@code default=} is a set without flags).
     *
     * @throws IllegalArgumentException naming the entry: an empty or malformed name, a duplicate, a word that is
     *                                  not a flag
     */
    public static List<FlagSet> parseFlagSets(String text) {
        List<FlagSet> sets = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String entry : text.split(";")) {
            String[] parts = nameAndValue(entry, "name=flags", names);
            List<String> flags = new ArrayList<>();
            for (String word : parts[1].strip().split("\\s+")) {
                if (word.isEmpty()) {
                    continue;
                }
                if (!word.startsWith("-")) {
                    throw new IllegalArgumentException("'" + parts[0] + "': '" + word + "' is not a JVM flag");
                }
                flags.add(word);
            }
            sets.add(new FlagSet(parts[0], flags));
        }
        return List.copyOf(sets);
    }

    private static String[] nameAndValue(String entry, String shape, Set<String> names) {
        String stripped = entry.strip();
        int equals = stripped.indexOf('=');
        if (equals < 0) {
            throw new IllegalArgumentException("'" + stripped + "' is not " + shape);
        }
        String name = stripped.substring(0, equals).strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("'" + stripped + "' has an empty name");
        }
        if (!name.matches(NAME)) {
            throw new IllegalArgumentException("the name '" + name + "' may hold letters, digits, '.', '_' and '-'"
                    + " only, starting with a letter or digit");
        }
        if (!names.add(name)) {
            throw new IllegalArgumentException("the name '" + name + "' is given twice");
        }
        return new String[] {name, stripped.substring(equals + 1)};
    }

    static boolean selectsCollector(String flag) {
        return flag.matches("-XX:\\+Use\\w*GC");
    }

    /** Every cell, JVM-major: each JVM with each flag set, in the order given. */
    public List<Cell> cells() {
        List<Cell> cells = new ArrayList<>();
        for (ServerJvm jvm : jvms) {
            for (FlagSet flagSet : flagSets) {
                cells.add(new Cell(jvm, flagSet));
            }
        }
        return List.copyOf(cells);
    }

    /** Whether the run set an axis: more than one cell, or one that is not today's JVM and flags. */
    public boolean setByRun() {
        return cells().size() > 1 || !jvms.get(0).name().equals(ServerCell.DEFAULT)
                || !flagSets.get(0).name().equals(ServerCell.DEFAULT) || !flagSets.get(0).flags().isEmpty();
    }

    /** {@code 2 JVMs (jdk21, jdk25) x 2 flag sets (default, poller1)}: across which values a run ranks. */
    public String describe() {
        return jvms.size() + " JVM" + (jvms.size() == 1 ? "" : "s") + " ("
                + String.join(", ", jvms.stream().map(ServerJvm::name).toList()) + ") x " + flagSets.size()
                + " flag set" + (flagSets.size() == 1 ? "" : "s") + " ("
                + String.join(", ", flagSets.stream().map(FlagSet::name).toList()) + ")";
    }
}
