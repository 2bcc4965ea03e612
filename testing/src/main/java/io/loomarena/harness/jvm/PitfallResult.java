package io.loomarena.harness.jvm;

import java.util.List;

/** What one pitfall run leaves: its evidence line and how it departs from its JDK's verdict. */
public interface PitfallResult {

    /** The JDK it ran on. */
    default io.loomarena.harness.fork.JavaRuntime jdk() {
        return outcome().jdk();
    }

    /** What the program and JFR reported. */
    PitfallRun.Outcome outcome();

    /** What is wrong with this run for its JDK's verdict; empty when the run shows the verdict. */
    List<String> departures();

    /** The evidence, as one {@code [JVM]} line for the build log. */
    String line();
}
