package io.loomarena.harness.remote.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * What the lab needs from the machine, split into what no script can fix (Linux, root, {@code ip}) and what
 * {@code install-prerequisites.sh} installs. The decisions are pure functions of the facts, so the messages can be
 * tested on any machine; {@link #locate} and {@link #effectiveUid} read the real facts.
 */
final class LabPrerequisites {

    static final String SSHD = "/usr/sbin/sshd";

    /** The tools the setup script installs when missing: sshd (openssh-server), the clients, and nc (ProxyCommand). */
    static final List<String> INSTALLABLE = List.of(SSHD, "ssh", "scp", "ssh-keygen", "nc");

    /** Where root's tools live even when this JVM's PATH lacks them (a PATH inherited from a non-root login). */
    private static final List<Path> SYSTEM_DIRS = List.of(Path.of("/usr/sbin"), Path.of("/sbin"));

    private LabPrerequisites() {
    }

    /**
     * Why the lab cannot run on a machine with these facts, whatever gets installed; empty when it can (possibly after
     * installing what {@link #missingInstallable} names).
     *
     * @param osName        {@code os.name} of this JVM
     * @param effectiveUid  this process's effective uid, empty when it cannot be read
     * @param present       whether a tool ({@code ip}, or an absolute path) is there
     */
    static Optional<String> blocker(String osName, OptionalLong effectiveUid, Predicate<String> present) {
        if (!osName.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return Optional.of("the namespace lab needs Linux network namespaces (ip netns); this is " + osName);
        }
        if (effectiveUid.isEmpty()) {
            return Optional.of("the namespace lab needs root (ip netns add, sshd), and this process's uid cannot be"
                    + " read from /proc/self/status");
        }
        if (effectiveUid.getAsLong() != 0) {
            return Optional.of("the namespace lab needs root (ip netns add, sshd); this JVM runs as uid "
                    + effectiveUid.getAsLong() + ": run it as root");
        }
        if (!present.test("ip")) {
            return Optional.of("the namespace lab needs the ip command (Debian package iproute2), found neither on"
                    + " PATH nor in /usr/sbin, /sbin: install iproute2");
        }
        return Optional.empty();
    }

    /** The installable tools that are missing, in {@link #INSTALLABLE} order. */
    static List<String> missingInstallable(Predicate<String> present) {
        List<String> missing = new ArrayList<>();
        for (String tool : INSTALLABLE) {
            if (!present.test(tool)) {
                missing.add(tool);
            }
        }
        return missing;
    }

    /** The executable file of {@code tool}: an absolute path as it is, a name on PATH or in the system directories. */
    static Optional<Path> locate(String tool) {
        if (tool.contains("/")) {
            Path path = Path.of(tool);
            return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
        }
        List<Path> dirs = new ArrayList<>();
        String pathVariable = System.getenv("PATH");
        if (pathVariable != null) {
            for (String dir : pathVariable.split(":")) {
                if (!dir.isEmpty()) {
                    dirs.add(Path.of(dir));
                }
            }
        }
        dirs.addAll(SYSTEM_DIRS);
        return dirs.stream().map(dir -> dir.resolve(tool)).filter(Files::isExecutable).findFirst();
    }

    /** The effective uid from {@code /proc/self/status} (its {@code Uid:} line: real, effective, saved, fs). */
    static OptionalLong effectiveUid() {
        try {
            return effectiveUid(Files.readAllLines(Path.of("/proc/self/status")));
        } catch (IOException e) {
            // No /proc (not Linux): the caller's Linux check says so first.
            return OptionalLong.empty();
        }
    }

    static OptionalLong effectiveUid(List<String> statusLines) {
        for (String line : statusLines) {
            if (line.startsWith("Uid:")) {
                String[] fields = line.substring("Uid:".length()).strip().split("\\s+");
                if (fields.length >= 2 && fields[1].matches("\\d+")) {
                    return OptionalLong.of(Long.parseLong(fields[1]));
                }
            }
        }
        return OptionalLong.empty();
    }
}
