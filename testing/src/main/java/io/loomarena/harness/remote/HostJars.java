package io.loomarena.harness.remote;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.loomarena.harness.gate.BaselineBuild;
import io.loomarena.harness.gate.BuildJars;

/**
 * The jars the hosts of a run start their JVMs from: a folder already on every host ({@code loomarena.remoteJars}),
 * or {@code echo.jar} and {@code http-server.jar} copied into each host's work folder, from a local folder
 * ({@code loomarena.jars}) or built from this working tree. A build is kept until the hosts close, then removed.
 * Stateless.
 */
final class HostJars {

    private static final Duration COPY_TIMEOUT = Duration.ofMinutes(5);

    /**
     * Where the jars are on every host.
     *
     * @param classPath  the class path, {@code {work}} standing for each host's work folder
     * @param localBuild the build made for the hosts, to close with them; {@code null} when none was made
     */
    record Placed(String classPath, BaselineBuild localBuild) {
    }

    private HostJars() {
    }

    /** Puts the jars on every host of {@code found}; on a failure, removes a build it made before failing. */
    static Placed place(RemoteSettings remote, Ssh ssh, Map<String, HostProbe.Found> found, Path repo,
                        PrintStream out) {
        if (remote.remoteJars().isPresent()) {
            String dir = remote.remoteJars().get();
            return new Placed(dir + "/" + BuildJars.ECHO_JAR + ":" + dir + "/" + BuildJars.HTTP_JAR, null);
        }
        BaselineBuild build = null;
        try {
            BuildJars jars;
            if (remote.jars().isPresent()) {
                jars = BuildJars.inFolder(remote.jars().get().toString(), remote.jars().get());
            } else {
                out.println("[REMOTE] building this working tree's jars to copy to the hosts");
                build = BaselineBuild.ofWorkingTree(repo, line -> out.println("[REMOTE] " + line));
                jars = build.jars();
            }
            for (Map.Entry<String, HostProbe.Found> host : found.entrySet()) {
                String workDir = host.getValue().workDir();
                out.println("[REMOTE] copying the jars to " + host.getKey() + ":" + workDir);
                ssh.copy(List.of(jars.echoJar().toString(), jars.httpJar().toString()), host.getKey() + ":"
                        + workDir + "/", COPY_TIMEOUT);
            }
            return new Placed("{work}/" + BuildJars.ECHO_JAR + ":{work}/" + BuildJars.HTTP_JAR, build);
        } catch (RuntimeException e) {
            if (build != null) {
                build.close();
            }
            throw e;
        }
    }
}
