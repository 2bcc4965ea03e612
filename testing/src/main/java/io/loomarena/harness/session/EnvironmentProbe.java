package io.loomarena.harness.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessJvm;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.Environment;
import io.loomarena.harness.summary.ForkedJvm;
import io.loomarena.harness.summary.HostInfo;

/** Reads the facts about this machine and build that go into every summary. Stateless and thread-safe. */
public final class EnvironmentProbe {

    private static final long GIT_TIMEOUT_SECONDS = 5;

    private EnvironmentProbe() {
    }

    /** The environment of a combination that started at {@code started} with the machine load {@code loadAverage}. */
    static Environment capture(HarnessJvm harness, Deployment deployment, Instant started, String loadAverage,
                               boolean peakRssPerRun, Path repository, List<HostInfo> hosts) {
        JvmFork fork = deployment.server();
        CpuPinning pinning = fork.pinning();
        List<String> warnings = new ArrayList<>();
        ForkedJvm serverJvm = forkedJvm(fork, warnings);
        List<ForkedJvm> clientJvms = new ArrayList<>();
        for (JvmFork client : deployment.clients()) {
            ForkedJvm clientJvm = forkedJvm(client, warnings);
            if (!clientJvms.contains(clientJvm)) {
                clientJvms.add(clientJvm);
            }
        }
        if (!pinning.applied()) {
            warnings.add(pinning.warning());
        }
        if (fork.launcher().remote()) {
            warnings.add("the server ran on " + fork.launcher().host() + ": the fields above describe this machine,"
                    + " the hosts list describes where server and clients ran");
        }
        if (!peakRssPerRun) {
            warnings.add("peak RSS could not be reset per run (/proc/PID/clear_refs): it covers the server's lifetime");
        }
        String pinned = pinning.applied()
                ? "server=" + pinning.serverCpu().orElseThrow() + ", client=" + pinning.clientCpu().orElseThrow()
                : "none";
        return new Environment(harness.version(), harness.vendor(), harness.vm(),
                fork.javaBinary().toString(), fork.jvmArgs(), deployment.clients().get(0).jvmArgs(), harness.os(),
                Runtime.getRuntime().availableProcessors(), pinned, pinning.applied(), warnings, loadAverage,
                gitCommit(repository), started.toString(), hosts, serverJvm, clientJvms, deployment.serverCell());
    }

    /**
     * What {@code fork}'s java is (asked from the binary, on its host) and its flags; {@code unknown} with a warning
     * when the binary could not be asked, which does not void figures already measured.
     */
    static ForkedJvm forkedJvm(JvmFork fork, List<String> warnings) {
        String host = fork.launcher().host();
        try {
            JavaRuntime runtime = JavaRuntime.of(fork);
            return new ForkedJvm(host, fork.javaBinary().toString(), runtime.version(), runtime.vendor(),
                    runtime.vm(), fork.jvmArgs());
        } catch (HarnessException e) {
            String warning = "the version of " + fork.javaBinary() + " on " + host + " is not recorded: "
                    + e.getMessage();
            if (!warnings.contains(warning)) {
                warnings.add(warning);
            }
            return new ForkedJvm(host, fork.javaBinary().toString(), "unknown", "unknown", "unknown",
                    fork.jvmArgs());
        }
    }

    /** The first three fields of {@code /proc/loadavg}, or {@code unknown}. */
    public static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return fields.length >= 3 ? fields[0] + " " + fields[1] + " " + fields[2] : "unknown";
        } catch (IOException | RuntimeException e) {
            // Not Linux: the load is simply not recorded.
            return "unknown";
        }
    }

    /** {@code git rev-parse HEAD} in {@code repository}, or {@code unknown} without git or outside a repository. */
    static String gitCommit(Path repository) {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").directory(repository.toFile())
                    .redirectErrorStream(true).start();
            git.getOutputStream().close();
            if (!git.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return "unknown";
            }
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return git.exitValue() == 0 && out.matches("[0-9a-f]{40}") ? out : "unknown";
        } catch (IOException e) {
            // git is not installed or the folder does not exist.
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
