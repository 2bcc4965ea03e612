package io.loomarena.harness.remote;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one ssh command finds out about a host before anything runs there: kernel, CPUs, {@code taskset}, which
 * {@code java} is usable, whether named jars are there, and a fresh temporary folder for this run. A host that cannot
 * be reached, refuses the login or has no {@code java} 21+ yields a problem naming it, not an exception, so that every
 * host's problem is reported together. Stateless.
 */
final class HostProbe {

    /** The oldest JDK that runs the servers (virtual threads). */
    static final int MIN_JAVA = 21;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern VERSION = Pattern.compile("version \"(1\\.)?(\\d+)");

    /**
     * What the probe found.
     *
     * @param target      the host
     * @param kernel      {@code uname -sr} and {@code uname -m}
     * @param allowedCpus the CPUs the login shell may use ({@code Cpus_allowed_list})
     * @param taskset     the host's {@code taskset}, if any
     * @param java        the chosen {@code java}, if one is 21+
     * @param javaVersion its {@code -version} line
     * @param workDir     the run's temporary folder there
     * @param problem     why the host cannot be used; empty when it can
     */
    record Found(String target, String kernel, String allowedCpus, Optional<String> taskset, Optional<String> java,
                 String javaVersion, String workDir, Optional<String> problem) {
    }

    private HostProbe() {
    }

    /**
     * Probes {@code target}.
     *
     * @param javaCandidates {@code java} paths to try in order; the host's {@code $JAVA_HOME/bin/java} and the
     *                       {@code java} on its PATH are tried after them unless {@code onlyThese}
     * @param remoteJars     a folder that must hold both jars there, if the run uses jars already on the hosts
     */
    static Found probe(Ssh ssh, String target, List<String> javaCandidates, boolean onlyThese,
                       Optional<String> remoteJars) {
        StringBuilder script = new StringBuilder();
        script.append("echo \"kernel=$(uname -sr) $(uname -m)\"; ")
                .append("echo \"cpus=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)\"; ")
                .append("echo \"taskset=$(command -v taskset)\"; ")
                .append("for j in");
        for (String candidate : javaCandidates) {
            script.append(' ').append(Ssh.quote(candidate));
        }
        if (!onlyThese) {
            script.append(" \"${JAVA_HOME:+$JAVA_HOME/bin/java}\" \"$(command -v java)\"");
        }
        script.append("; do if [ -n \"$j\" ] && [ -x \"$j\" ]; then echo \"java=$j $(\"$j\" -version 2>&1 | head -n 1)\";")
                .append(" elif [ -n \"$j\" ]; then echo \"nojava=$j\"; fi; done; ");
        remoteJars.ifPresent(dir -> script.append("for f in echo.jar http-server.jar; do [ -r ")
                .append(Ssh.quote(dir)).append("/$f ] || echo \"missingjar=").append(dir).append("/$f\"; done; "));
        script.append("echo \"work=$(mktemp -d /tmp/loomarena-remote-XXXXXX)\"");
        Ssh.Result result = ssh.run(target, script.toString(), TIMEOUT);
        if (result.exitCode() != 0) {
            return failed(target, describeSshFailure(target, result));
        }
        Map<String, String> single = new LinkedHashMap<>();
        List<String> javas = new ArrayList<>();
        List<String> notExecutable = new ArrayList<>();
        List<String> missingJars = new ArrayList<>();
        for (String line : result.stdout().split("\\R")) {
            int eq = line.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String key = line.substring(0, eq);
            String value = line.substring(eq + 1).strip();
            switch (key) {
                case "java" -> javas.add(value);
                case "nojava" -> notExecutable.add(value);
                case "missingjar" -> missingJars.add(value);
                default -> single.put(key, value);
            }
        }
        String workDir = single.getOrDefault("work", "");
        String kernel = single.getOrDefault("kernel", "unknown");
        String cpus = single.getOrDefault("cpus", "");
        Optional<String> taskset = Optional.ofNullable(single.get("taskset")).filter(s -> !s.isBlank());
        if (!workDir.startsWith("/tmp/loomarena-remote-")) {
            return failed(target, target + ": could not make a temporary folder (mktemp -d in /tmp printed '"
                    + workDir + "')");
        }
        List<String> tooOld = new ArrayList<>();
        for (String java : javas) {
            int space = java.indexOf(' ');
            String path = space < 0 ? java : java.substring(0, space);
            String version = space < 0 ? "" : java.substring(space + 1);
            Matcher matcher = VERSION.matcher(version);
            if (matcher.find() && Integer.parseInt(matcher.group(2)) >= MIN_JAVA) {
                Optional<String> problem = missingJars.isEmpty() ? Optional.empty() : Optional.of(target
                        + ": the jars are not there: " + String.join(", ", missingJars)
                        + " (-Dloomarena.remoteJars names a folder on every host)");
                return new Found(target, kernel, cpus, taskset, Optional.of(path), version, workDir, problem);
            }
            tooOld.add(path + " is '" + version + "'");
        }
        List<String> seen = new ArrayList<>(tooOld);
        notExecutable.forEach(path -> seen.add(path + " is not there or not executable"));
        return new Found(target, kernel, cpus, taskset, Optional.empty(), "", workDir, Optional.of(target
                + ": no java " + MIN_JAVA + " or newer" + (seen.isEmpty() ? " (no java found)" : ": "
                + String.join("; ", seen)) + "; install a JDK " + MIN_JAVA + "+ there or name it with"
                + " -Dloomarena.remoteJava=PATH"));
    }

    /** ssh's exit 255 is its own failure (reach, login); any other code is the remote shell's. */
    static String describeSshFailure(String target, Ssh.Result result) {
        String reason = result.reason();
        if (result.exitCode() == 255 && reason.contains("Permission denied")) {
            return target + ": login failed (" + reason + "); check the user, the key (-Dloomarena.ssh=\"-i KEY\")"
                    + " and the host's authorized_keys";
        }
        if (result.exitCode() == 255 || result.exitCode() == -1) {
            return target + ": cannot reach the host (" + reason + ")";
        }
        return target + ": the probe command failed with exit code " + result.exitCode() + " (" + reason + ")";
    }

    private static Found failed(String target, String problem) {
        return new Found(target, "unknown", "", Optional.empty(), Optional.empty(), "", "", Optional.of(problem));
    }
}
