package io.loomarena.harness.summary;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The cell of a run's JVM axes a combination was measured in: which of the run's JVMs ran the server and with which of
 * its named flag sets ({@code -Dloomarena.jvms}, {@code -Dloomarena.flagSets}; docs/jvm.md). The axes apply to the
 * server under test only: clients (and the fan-out suite's downstream) stay on the default JVM and flags, so that the
 * yardstick does not move between cells. Immutable.
 *
 * @param jvm     the JVM's name in the run, {@code default} for the java running the tests
 * @param flagSet the flag set's name, {@code default} for none
 * @param flags   the flag set's flags, added to the server's after heap and collector (a collector flag in the set
 *                replaces the run's)
 */
public record ServerCell(String jvm, String flagSet, List<String> flags) {

    /** The name of the one JVM and the one flag set of a run that sets no axes. */
    public static final String DEFAULT = "default";
    /** The folder under the results folder that holds one folder per cell, when a run sets axes. */
    public static final String CELLS_FOLDER = "cells";
    /** The cell of a run that sets no axes: today's JVM and flags. */
    public static final ServerCell ONLY = new ServerCell(DEFAULT, DEFAULT, List.of());

    public ServerCell {
        Objects.requireNonNull(jvm, "jvm");
        Objects.requireNonNull(flagSet, "flagSet");
        flags = flags == null ? List.of() : List.copyOf(flags);
    }

    /** {@code jdk21/poller1}: how rankings, progress lines and the report name the cell. */
    public String label() {
        return jvm + "/" + flagSet;
    }

    /** The cell of {@code summary}: {@link #ONLY} for a summary written before axes existed. */
    public static ServerCell of(BenchmarkSummary summary) {
        ServerCell cell = summary.environment() == null ? null : summary.environment().serverCell();
        return cell == null ? ONLY : cell;
    }

    /**
     * Where this cell's suites keep their summaries and rankings when a run sets axes:
     * {@code <results>/cells/<jvm>/<flag set>/}, one results folder per cell laid out as the run's own.
     */
    public Path resultsDir(Path runResultsDir) {
        return runResultsDir.resolve(CELLS_FOLDER).resolve(jvm).resolve(flagSet);
    }
}
