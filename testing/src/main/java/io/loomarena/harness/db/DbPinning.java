package io.loomarena.harness.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.measure.RunResult;
import io.loomarena.model.ServerModel;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Does anything on {@code /db}'s path (pgjdbc, HikariCP, the JDK below them) pin a virtual thread to its carrier, and
 * does JEP 491 (JDK 24) change it? The virtual model's server runs on the JDK under test with a JFR recording of every
 * {@value #PINNED_EVENT} (threshold 0, with its stack), under a load of {@code /db?ms=N} and then {@code /db?rows=N};
 * the recording is written by the JDK's {@code jcmd} after the loads and read by the harness, which counts the events and the frames in
 * the driver and the pool ({@link PinnedStacks}). What was found is printed per JDK, not judged: it is the question.
 * What is judged holds anywhere: the recording was written, and the load was answered without error. Immutable.
 *
 * @param sleepMillis  {@code /db?ms=N}'s sleep
 * @param rows         {@code /db?rows=N}'s rows
 * @param rate         requests per second of each load
 * @param window       how long each load lasts
 * @param connections  the client's connections
 */
public record DbPinning(int sleepMillis, int rows, double rate, Duration window, int connections) {

    /** The JFR event of a virtual thread that blocked while pinned. */
    public static final String PINNED_EVENT = "jdk.VirtualThreadPinned";
    private static final String RECORDING = "db-pinning";
    private static final Duration DUMP_TIMEOUT = Duration.ofSeconds(60);

    /** The paths loaded, in order. */
    public List<String> paths() {
        return List.of("/db?ms=" + sleepMillis, "/db?rows=" + rows);
    }

    /** Runs the virtual model's server on {@code jdk} against {@code database}; its recording kept in {@code folder}. */
    public Result runOn(JavaRuntime jdk, DatabaseFixture database, HarnessSettings settings, Path folder) {
        Path jfr = folder.resolve("db-pinning-jdk" + jdk.feature() + ".jfr").toAbsolutePath();
        try {
            Files.createDirectories(folder);
            Files.deleteIfExists(jfr);
        } catch (IOException e) {
            throw new HarnessException("cannot prepare " + jfr + ": " + e.getMessage(), e);
        }
        List<String> jvmArgs = new ArrayList<>(settings.jvmArgs());
        jvmArgs.add("-XX:StartFlightRecording:name=" + RECORDING + "," + PINNED_EVENT + "#enabled=true," + PINNED_EVENT
                + "#threshold=0ms," + PINNED_EVENT + "#stackTrace=true");
        JvmFork fork = new JvmFork(jdk.binary(), settings.jvm().classPath(), jvmArgs,
                CpuPinning.detect(settings.pinning()));
        List<RunResult> loads = new ArrayList<>();
        try (DbServer server = DbServer.start(HttpServerSetup.of(ServerModel.VIRTUAL),
                database.serverOptions(DbServerOptions.DEFAULT_POOL), fork, settings)) {
            for (String path : paths()) {
                try (DbLoad load = DbLoad.start(settings, server, path, rate, connections, window,
                        folder.resolve("db-pinning-jdk" + jdk.feature() + "-" + loads.size() + ".json"))) {
                    loads.add(load.await());
                }
            }
            dump(jdk, server.pid(), jfr);
        }
        if (!Files.isRegularFile(jfr)) {
            throw new HarnessException("[DB] the server on JDK " + jdk.version() + " stopped without writing its JFR"
                    + " recording " + jfr);
        }
        return new Result(jdk, loads, PinnedStacks.of(read(jfr)), jfr);
    }

    /**
     * Writes the server's recording to {@code jfr} with the JDK's own {@code jcmd}, while the server runs: it halts in
     * its shutdown hook, before JFR's own hook could write a recording on exit.
     */
    private static void dump(JavaRuntime jdk, long pid, Path jfr) {
        Path jcmd = jdk.binary().resolveSibling("jcmd");
        try {
            Process process = new ProcessBuilder(jcmd.toString(), String.valueOf(pid), "JFR.dump", "name=" + RECORDING,
                    "filename=" + jfr).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            process.getOutputStream().close();
            if (!process.waitFor(DUMP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new HarnessException("[DB] " + jcmd + " JFR.dump took more than " + DUMP_TIMEOUT.toSeconds()
                        + " s");
            }
        } catch (IOException e) {
            throw new HarnessException("[DB] cannot run " + jcmd + " (the JDK under test's jcmd writes the recording): "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while the recording was written", e);
        }
    }

    /** The stacks of every pinned event of {@code jfr}, frames as {@code class.method}, innermost first. */
    static List<List<String>> read(Path jfr) {
        List<List<String>> stacks = new ArrayList<>();
        try (RecordingFile recording = new RecordingFile(jfr)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                if (event.getEventType().getName().equals(PINNED_EVENT)) {
                    List<String> frames = new ArrayList<>();
                    if (event.getStackTrace() != null) {
                        for (RecordedFrame frame : event.getStackTrace().getFrames()) {
                            frames.add(frame.getMethod().getType().getName() + "." + frame.getMethod().getName());
                        }
                    }
                    stacks.add(frames);
                }
            }
        } catch (IOException e) {
            throw new HarnessException("cannot read the JFR recording " + jfr + ": " + e.getMessage(), e);
        }
        return stacks;
    }

    /**
     * One JDK's run.
     *
     * @param jdk       the server's JDK
     * @param loads     each path's load result, in the order of {@link #paths()}
     * @param pinned    what the recording's pinned events showed
     * @param recording where it was kept
     */
    public record Result(JavaRuntime jdk, List<RunResult> loads, PinnedStacks pinned, Path recording) {

        public Result {
            loads = List.copyOf(loads);
        }

        /** Failed requests: a load with errors says nothing about pinning under a served load. */
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            for (RunResult load : loads) {
                if (load.totalErrors() > 0 || load.operations() == 0) {
                    wrong.add(load.workload().getOrDefault("url", "a load") + ": " + load.operations() + " answered, "
                            + (load.totalErrors() == 0 ? "none failed" : RunLine.errors(load.errors())));
                }
            }
            return wrong;
        }

        /** The evidence, as one line for the build log. */
        public String line() {
            long requests = loads.stream().mapToLong(r -> r.operations() + r.totalErrors()).sum();
            long failed = loads.stream().mapToLong(RunResult::totalErrors).sum();
            return String.format(Locale.ROOT, "%spinning on /db, virtual threads on JDK %s (%s): %d requests, %d"
                            + " failed; %s %s (recording %s)", RunLine.PREFIX, jdk.version(), jdk.vendor(), requests,
                    failed, PINNED_EVENT, pinned, recording.getFileName());
        }
    }
}
