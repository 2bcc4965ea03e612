package io.loomarena.harness.idle;

import java.util.List;

/**
 * What holding idle connections cost one echo server model in a fresh JVM: the file
 * {@code target-results/echo-idle/<SERVER>.json}. Immutable.
 *
 * @param serverModel  the model as on the command line, for example {@code virtual}
 * @param serverLabel  its ranking label, for example {@code VIRTUAL_SERVER}
 * @param baseline     the server with no connection (connections 0, per-connection figures 0)
 * @param steps        the server holding more and more connections, in order
 * @param jvmArgs      the server JVM's flags
 * @param javaVersion  the JDK
 * @param loadAverage  the machine's load average when the measurement started
 * @param timestamp    ISO-8601 instant of the measurement
 */
public record IdleMemory(String serverModel, String serverLabel, IdleStep baseline, List<IdleStep> steps,
                         List<String> jvmArgs, String javaVersion, String loadAverage, String timestamp) {

    public IdleMemory {
        steps = List.copyOf(steps);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** The file name of a model's result. */
    public static String fileName(String serverLabel) {
        return serverLabel + ".json";
    }
}
