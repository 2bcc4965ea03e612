package io.loomarena.harness.summary;

import java.util.List;

/**
 * Where and how a combination was measured, so that a reader can tell whether two summaries are comparable. Immutable.
 *
 * @param javaVersion    version of the JDK that ran the harness ({@code java.version}); the forked JVMs' own, asked
 *                       from their binaries, are {@code serverJvm} and {@code clientJvms}
 * @param javaVendor     its vendor ({@code java.vendor})
 * @param javaVm         its VM name and version
 * @param javaBinary     the {@code java} executable used for every forked JVM
 * @param serverJvmArgs  JVM flags of the server JVM
 * @param clientJvmArgs  JVM flags of the client JVMs
 * @param os             operating system name, version and architecture
 * @param cpuCount       CPUs available to the harness
 * @param cpusPinned     {@code server=0, client=1}, or {@code none}
 * @param pinningApplied whether server and client were pinned to their own CPUs
 * @param warnings       what makes these figures less trustworthy (no pinning, ...); empty when nothing
 * @param loadAverage    the machine's 1/5/15-minute load average when the combination started (other work competes)
 * @param gitCommit      {@code git rev-parse HEAD} of the measured code, or {@code unknown}
 * @param timestamp      ISO-8601 instant at which the combination started
 * @param hosts          the hosts server and clients ran on, when not this machine ({@code -Dloomarena.serverHost});
 *                       empty when everything ran here, as the fields above describe
 * @param serverJvm      the server JVM: its java's version, vendor and VM as that binary reports them, and its
 *                       flags; {@code null} in summaries written before it was recorded
 * @param clientJvms     the client JVMs alike, one per distinct java and host; empty in older summaries
 * @param serverCell     the cell of the run's JVM axes the server ran in ({@link ServerCell#ONLY} when the run set
 *                       none); {@code null} in summaries written before axes existed
 */
public record Environment(String javaVersion, String javaVendor, String javaVm, String javaBinary,
                          List<String> serverJvmArgs, List<String> clientJvmArgs, String os, int cpuCount,
                          String cpusPinned, boolean pinningApplied, List<String> warnings, String loadAverage,
                          String gitCommit, String timestamp, List<HostInfo> hosts, ForkedJvm serverJvm,
                          List<ForkedJvm> clientJvms, ServerCell serverCell) {

    public Environment {
        hosts = hosts == null ? List.of() : List.copyOf(hosts);
        clientJvms = clientJvms == null ? List.of() : List.copyOf(clientJvms);
        serverJvmArgs = List.copyOf(serverJvmArgs);
        clientJvmArgs = List.copyOf(clientJvmArgs);
        warnings = List.copyOf(warnings);
    }

    /** Everything on this machine. */
    public Environment(String javaVersion, String javaVendor, String javaVm, String javaBinary,
                       List<String> serverJvmArgs, List<String> clientJvmArgs, String os, int cpuCount,
                       String cpusPinned, boolean pinningApplied, List<String> warnings, String loadAverage,
                       String gitCommit, String timestamp) {
        this(javaVersion, javaVendor, javaVm, javaBinary, serverJvmArgs, clientJvmArgs, os, cpuCount, cpusPinned,
                pinningApplied, warnings, loadAverage, gitCommit, timestamp, List.of(), null, List.of(), null);
    }
}
