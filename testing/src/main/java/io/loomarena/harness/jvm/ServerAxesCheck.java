package io.loomarena.harness.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.fork.JvmFork;

/**
 * Runs each java of a run's {@link ServerAxes} once before anything is measured: that it starts and says what it is,
 * that it is a JDK 21 or later, and that it takes each flag set with the run's heap and collector
 * ({@code java FLAGS -version}). What passed is remembered for the JVM's lifetime, so every later scenario of the run
 * costs nothing. Stateless apart from that memory; thread-safe.
 */
public final class ServerAxesCheck {

    /** A JVM or flag set of the axes that cannot run: one line naming the setting, without a stack trace. */
    public static final class Refused extends HarnessException {
        Refused(String message) {
            super(message, false);
        }

        /** Just the message, without the class name: the line is the whole story. */
        @Override
        public String toString() {
            return getMessage();
        }
    }

    static final String JVMS_SETTING = "-Dloomarena.jvms";
    static final String FLAG_SETS_SETTING = "-Dloomarena.flagSets";
    private static final int MINIMUM_FEATURE = 21;
    private static final long TIMEOUT_SECONDS = 30;
    private static final Set<String> PASSED = ConcurrentHashMap.newKeySet();

    private ServerAxesCheck() {
    }

    /**
     * Checks every cell of {@code axes} as the server would run in it ({@code base}: the run's server fork;
     * {@code runGc}: the run's collector flag).
     *
     * @throws Refused naming the setting and the JVM or flag set: a java that does not run, is older than 21, or
     *                 refuses a flag set
     */
    public static void check(ServerAxes axes, JvmFork base, String runGc) {
        for (ServerAxes.ServerJvm jvm : axes.jvms()) {
            String setting = JVMS_SETTING + " (" + jvm.name() + ")";
            JavaRuntime runtime;
            try {
                runtime = JavaRuntime.of(jvm.java(), setting);
            } catch (HarnessException e) {
                throw new Refused(e.getMessage());
            }
            if (runtime.feature() < MINIMUM_FEATURE) {
                throw new Refused(setting + ": " + jvm.java() + " is JDK " + runtime.version() + "; the servers need"
                        + " a JDK " + MINIMUM_FEATURE + " or later");
            }
        }
        for (ServerAxes.Cell cell : axes.cells()) {
            List<String> command = new ArrayList<>();
            JvmFork fork = cell.serverFork(base, runGc);
            command.add(fork.javaBinary().toString());
            command.addAll(fork.jvmArgs());
            command.add("-version");
            if (PASSED.add(String.join(" ", command))) {
                String refusal = refusal(command);
                if (!refusal.isEmpty()) {
                    PASSED.remove(String.join(" ", command));
                    throw new Refused(FLAG_SETS_SETTING + " (" + cell.flagSet().name() + "): the JVM "
                            + cell.jvm().name() + " (" + cell.jvm().java() + ") refuses " + fork.jvmArgs() + ": "
                            + refusal);
                }
            }
        }
    }

    /** Empty when {@code command} exits 0, else the first line it printed (or why it could not run). */
    static String refusal(List<String> command) {
        try {
            Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
            java.getOutputStream().close();
            byte[] bytes = java.getInputStream().readAllBytes();
            if (!java.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                java.destroyForcibly();
                return "-version did not finish in " + TIMEOUT_SECONDS + " s";
            }
            if (java.exitValue() == 0) {
                return "";
            }
            String output = new String(bytes, StandardCharsets.UTF_8).strip();
            int end = output.indexOf('\n');
            return "exit " + java.exitValue() + ", " + (end < 0 ? output : output.substring(0, end)).strip();
        } catch (IOException e) {
            return "cannot run it: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
