package io.loomarena.harness.fork;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessJvm;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;

/**
 * Starts fresh JVMs the same way every time: the {@code java} binary that runs the harness, the harness's class path,
 * fixed JVM flags, optional CPU pinning. The command is, in this order:
 * <pre>[LAUNCHER PREFIX] [taskset -c CPU] JAVA JVM_ARGS -cp CLASS_PATH MAIN_CLASS ARGS</pre>
 * The launcher prefix is empty on this machine and {@code ssh ... host} for another host ({@link Launcher}); java
 * binary, class path and pinning are then that host's. Environment variables that would inject JVM options ({@code JAVA_TOOL_OPTIONS}, {@code _JAVA_OPTIONS},
 * {@code JDK_JAVA_OPTIONS}) are removed so that every child runs with exactly the recorded flags. Immutable and
 * thread-safe.
 *
 * @param javaBinary the {@code java} executable
 * @param classPath  the class path given to every child
 * @param jvmArgs    JVM flags for every child (heap, GC, ...)
 * @param pinning    where server and client run
 * @param launcher   the host the JVMs run on
 */
public record JvmFork(Path javaBinary, String classPath, List<String> jvmArgs, CpuPinning pinning, Launcher launcher) {

    private static final List<String> JVM_OPTION_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS",
            "JDK_JAVA_OPTIONS");

    public JvmFork {
        jvmArgs = List.copyOf(jvmArgs);
        java.util.Objects.requireNonNull(launcher, "launcher");
    }

    /** Forks on this machine. */
    public JvmFork(Path javaBinary, String classPath, List<String> jvmArgs, CpuPinning pinning) {
        this(javaBinary, classPath, jvmArgs, pinning, Launcher.LOCAL);
    }

    /** The same forks with another class path (another build's jars). */
    public JvmFork withClassPath(String newClassPath) {
        return new JvmFork(javaBinary, newClassPath, jvmArgs, pinning, launcher);
    }

    /** Forks on this machine with {@code jvm}'s binary and class path (the harness's own). */
    public static JvmFork ofHarnessJvm(HarnessJvm jvm, List<String> jvmArgs, CpuPinning pinning) {
        return new JvmFork(jvm.javaBinary(), jvm.classPath(), jvmArgs, pinning);
    }

    /** Forks on this machine as {@code settings} say: the harness's binary and class path, their flags and pinning. */
    public static JvmFork local(HarnessSettings settings) {
        return ofHarnessJvm(settings.jvm(), settings.jvmArgs(), CpuPinning.detect(settings.pinning()));
    }

    /**
     * The forks that run {@code launch}: these, or for a launch on a module's own class path ({@link JvmLaunch#classPath()},
     * a framework's) these with that class path, read now from {@code repository}.
     *
     * @throws HarnessException one line naming what runs from the module and the command that builds it, when it is
     *                          not built; or when these forks run on another host, which has no such build
     */
    public JvmFork forLaunch(JvmLaunch launch, Path repository) {
        if (launch.classPath() == null) {
            return this;
        }
        if (launcher.remote()) {
            throw new HarnessException(launch.classPath().owner() + ": runs on this machine only (its class path is"
                    + " " + launch.classPath().module() + "'s build here), not on " + launcher.host());
        }
        return withClassPath(launch.classPath().read(repository));
    }

    /** The full command line for {@code launch} in {@code role}; see the class comment for the order. */
    public List<String> command(JvmLaunch launch, CpuPinning.Role role) {
        return launcher.wrap(jvmCommand(launch, role));
    }

    /** The JVM command line as it runs on the launcher's host: pinning, java, flags, class path, main, arguments. */
    public List<String> jvmCommand(JvmLaunch launch, CpuPinning.Role role) {
        List<String> command = new ArrayList<>(pinning.prefix(role));
        command.add(javaBinary.toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classPath);
        command.add(launch.mainClass());
        command.addAll(launch.args());
        return List.copyOf(command);
    }

    /**
     * Starts {@code launch}; {@code stdoutListener} sees every stdout line on the drainer thread (it must not block).
     *
     * @param name a name for messages and thread names, for example {@code server JVM VIRTUAL_SERVER}
     */
    public ChildProcess start(String name, JvmLaunch launch, CpuPinning.Role role, Consumer<String> stdoutListener) {
        List<String> command = command(launch, role);
        Path tempFolder = null;
        if (!launcher.remote()) {
            // Its own temporary folder, removed once it has exited (ChildTempFolder says why).
            tempFolder = ChildTempFolder.create();
            command = ChildTempFolder.withFlag(command, pinning.prefix(role).size(), tempFolder);
        }
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> environment = builder.environment();
        JVM_OPTION_VARIABLES.forEach(environment::remove);
        try {
            Process process = builder.start();
            if (tempFolder != null) {
                Path folder = tempFolder;
                process.onExit().whenComplete((exited, failure) -> ChildTempFolder.delete(folder));
            }
            return new ChildProcess(name, command, process, stdoutListener, launcher.remote());
        } catch (IOException e) {
            // The binary is missing or not executable: nothing was started, nothing but the folder to clean up.
            if (tempFolder != null) {
                ChildTempFolder.delete(tempFolder);
            }
            throw new HarnessException("cannot start " + name + ": " + e.getMessage() + System.lineSeparator()
                    + "--- command: " + String.join(" ", command.subList(0, Math.min(command.size(), 4))) + " ...", e);
        }
    }
}
