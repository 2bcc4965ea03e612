package io.loomarena.harness.fork;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.loomarena.harness.HarnessException;

/**
 * A {@code java} executable and what it says it is, asked once by running it ({@code java -XshowSettings:properties
 * -version}): a forked JVM's version, vendor and VM are those of its binary, whichever JVM runs the harness. Immutable.
 *
 * @param binary  the {@code java} executable
 * @param version {@code java.version}, for example {@code 21.0.8}
 * @param feature the feature release, for example 21
 * @param vendor  {@code java.vendor}
 * @param vm      {@code java.vm.name java.vm.version}
 */
public record JavaRuntime(Path binary, String version, int feature, String vendor, String vm) {

    private static final long PROBE_TIMEOUT_SECONDS = 30;
    private static final Map<String, JavaRuntime> PROBED = new ConcurrentHashMap<>();

    public JavaRuntime {
        Objects.requireNonNull(binary, "binary");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(vm, "vm");
    }

    /**
     * What {@code binary} is; asked once per binary and remembered (a JDK does not change under a run).
     *
     * @param setting the setting that named the binary, for the error line (for example {@code -Dloomarena.jdk21})
     * @throws HarnessException with one line naming the binary and the setting when it is missing, does not run or
     *                          does not say what it is
     */
    public static JavaRuntime of(Path binary, String setting) {
        if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
            throw new HarnessException(setting + ": " + binary + " is not an executable java");
        }
        return of(binary, Launcher.LOCAL, setting);
    }

    /**
     * What {@code fork}'s {@code java} is, asked on the host it runs on (through its launcher); remembered per host and
     * binary.
     *
     * @throws HarnessException with one line when it cannot be asked
     */
    public static JavaRuntime of(JvmFork fork) {
        return of(fork.javaBinary(), fork.launcher(), "the java of " + fork.launcher().host());
    }

    private static JavaRuntime of(Path binary, Launcher launcher, String setting) {
        String key = launcher.host() + " " + binary;
        JavaRuntime known = PROBED.get(key);
        if (known != null) {
            return known;
        }
        JavaRuntime probed = probe(binary, launcher, setting);
        PROBED.put(key, probed);
        return probed;
    }

    /** {@code JDK 21.0.8 (Eclipse Adoptium, OpenJDK 64-Bit Server VM 21.0.8+9-LTS) at PATH}. */
    public String describe() {
        return "JDK " + version + " (" + vendor + ", " + vm + ") at " + binary;
    }

    private static JavaRuntime probe(Path binary, Launcher launcher, String setting) {
        String output;
        try {
            Process java = new ProcessBuilder(launcher.wrap(List.of(binary.toString(), "-XshowSettings:properties",
                    "-version"))).redirectErrorStream(true).start();
            java.getOutputStream().close();
            // -XshowSettings writes a few kB: read it all, then the exit is immediate.
            byte[] bytes = java.getInputStream().readAllBytes();
            if (!java.waitFor(PROBE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                java.destroyForcibly();
                throw new HarnessException(setting + ": " + binary + " -version did not finish in "
                        + PROBE_TIMEOUT_SECONDS + " s");
            }
            output = new String(bytes, StandardCharsets.UTF_8);
            if (java.exitValue() != 0) {
                throw new HarnessException(setting + ": " + binary + " -version exited " + java.exitValue() + ": "
                        + firstLine(output));
            }
        } catch (IOException e) {
            throw new HarnessException(setting + ": cannot run " + binary + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while asking " + binary + " its version", e);
        }
        return parse(binary, output, setting);
    }

    /** The runtime that {@code -XshowSettings:properties -version} printed {@code output} for. */
    static JavaRuntime parse(Path binary, String output, String setting) {
        Map<String, String> properties = new HashMap<>();
        for (String line : output.split("\\R")) {
            int equals = line.indexOf(" = ");
            if (equals > 0) {
                properties.putIfAbsent(line.substring(0, equals).strip(), line.substring(equals + 3).strip());
            }
        }
        String version = properties.get("java.version");
        String specification = properties.get("java.specification.version");
        if (version == null || specification == null || !specification.matches("\\d+")) {
            throw new HarnessException(setting + ": " + binary + " did not print java.version and"
                    + " java.specification.version (is it a JDK's java?): " + firstLine(output));
        }
        return new JavaRuntime(binary, version, Integer.parseInt(specification),
                properties.getOrDefault("java.vendor", "unknown"),
                properties.getOrDefault("java.vm.name", "unknown") + " "
                        + properties.getOrDefault("java.vm.version", ""));
    }

    private static String firstLine(String output) {
        String stripped = output.strip();
        int end = stripped.indexOf('\n');
        return end < 0 ? stripped : stripped.substring(0, end);
    }
}
