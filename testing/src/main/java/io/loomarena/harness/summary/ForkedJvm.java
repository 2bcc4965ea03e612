package io.loomarena.harness.summary;

import java.util.List;

/**
 * A forked JVM as its summary records it: the {@code java} it ran, what that binary says it is (asked from the binary
 * on the host it ran on, not taken from the harness's own JVM) and the flags it was given. Immutable.
 *
 * @param host    {@code local}, or the host it ran on
 * @param binary  the {@code java} executable
 * @param version {@code java.version}, or {@code unknown} when the binary could not be asked
 * @param vendor  {@code java.vendor}, or {@code unknown}
 * @param vm      {@code java.vm.name java.vm.version}, or {@code unknown}
 * @param flags   its JVM flags, in order
 */
public record ForkedJvm(String host, String binary, String version, String vendor, String vm, List<String> flags) {

    public ForkedJvm {
        flags = flags == null ? List.of() : List.copyOf(flags);
    }
}
