package io.loomarena.harness;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The JVM and machine that run the harness, as its system properties describe them: read once at the edge
 * ({@code io.loomarena.harness.options.RunOptions}), so that nothing in the core reads a system property. Forked JVMs
 * on this machine use its {@code java} binary and class path; summaries record the rest. Immutable.
 *
 * @param javaBinary the {@code java} executable of this JVM
 * @param classPath  this JVM's class path, given to every JVM forked on this machine
 * @param version    {@code java.version}
 * @param vendor     {@code java.vendor}
 * @param vm         {@code java.vm.name java.vm.version}
 * @param osName     {@code os.name}
 * @param os         {@code os.name os.version os.arch}
 */
public record HarnessJvm(Path javaBinary, String classPath, String version, String vendor, String vm, String osName,
                         String os) {

    public HarnessJvm {
        Objects.requireNonNull(javaBinary, "javaBinary");
        Objects.requireNonNull(classPath, "classPath");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(vm, "vm");
        Objects.requireNonNull(osName, "osName");
        Objects.requireNonNull(os, "os");
    }
}
