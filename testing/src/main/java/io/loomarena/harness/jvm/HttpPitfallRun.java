package io.loomarena.harness.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.http.HttpLaunch;
import io.loomarena.measure.RunResult;
import io.loomarena.model.ServerModel;

/**
 * The HTTP halves of the pitfalls: the project's HTTP server ({@code serve}) in its own fresh JVM of the JDK under
 * test, with the run's heap and collector plus the pitfall's flags, and load clients ({@code load}) against it on the
 * harness's own JVM with the run's default flags. The client stays the same whatever JDK the server runs on, so a
 * difference between two runs is the server's. Loopback, a free port, every run bounded in requests and time.
 * Stateless.
 */
final class HttpPitfallRun {

    /** The longest one answer may take before the load client counts it failed. */
    static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);

    private HttpPitfallRun() {
    }

    /** Forks {@code serve --model MODEL} on {@code jdk} with {@code flags}; returns once it listens. */
    static ForkedServer startServer(JavaRuntime jdk, HarnessSettings harness, ServerModel model, List<String> flags) {
        List<String> jvmArgs = new ArrayList<>(harness.jvmArgs());
        jvmArgs.addAll(flags);
        JvmFork fork = new JvmFork(jdk.binary(), harness.jvm().classPath(), jvmArgs,
                CpuPinning.detect(harness.pinning()));
        return ForkedServer.start(fork, "HTTP server JVM " + model.label() + " (JDK " + jdk.version() + ", "
                + String.join(" ", flags) + ")", HttpLaunch.serve(model, List.of()), harness);
    }

    /**
     * A load client running against a server. Closing it kills it if it still runs.
     *
     * @param process the client's JVM
     * @param json    where it writes its result
     */
    record Load(ChildProcess process, Path json) implements AutoCloseable {

        /** Waits for the client (at most {@code timeout}) and reads its result; it tolerates failed requests. */
        RunResult await(Duration timeout) {
            if (!process.awaitExit(timeout)) {
                throw new HarnessException(process.describe() + " did not finish within " + timeout.toSeconds()
                        + " s" + process.details());
            }
            process.awaitOutputEnd(Duration.ofSeconds(5));
            if (process.exitValue() != 0 || !Files.isRegularFile(json)) {
                throw new HarnessException(process.describe() + " exited " + process.exitValue() + process.details());
            }
            return RunResult.readJson(json);
        }

        @Override
        public void close() {
            process.close();
        }
    }

    /**
     * Starts {@code load --client virtual --url ORIGIN+PATH} with {@code bound} (for example {@code --connections 4
     * --requests 100}), failed requests counted rather than fatal, its result in {@code folder/NAME.json}.
     */
    static Load startLoad(HarnessSettings harness, ForkedServer server, String path, List<String> bound, Path folder,
                          String name) {
        Path json = folder.resolve(name + ".json").toAbsolutePath();
        try {
            Files.createDirectories(folder);
            Files.deleteIfExists(json);
        } catch (IOException e) {
            throw new HarnessException("cannot prepare " + json + ": " + e.getMessage(), e);
        }
        ForkedServer.HostPort address = server.address();
        List<String> args = new ArrayList<>(List.of("load", "--client", "virtual", "--url",
                "http://" + address.host() + ":" + address.port() + path));
        args.addAll(bound);
        args.addAll(List.of("--timeout", RESPONSE_TIMEOUT.toSeconds() + "s", "--tolerate-errors", "--json",
                json.toString()));
        ChildProcess process = JvmFork.local(harness).start("load client " + name,
                new JvmLaunch(HttpLaunch.MAIN_CLASS, args), CpuPinning.Role.CLIENT, line -> { });
        return new Load(process, json);
    }

    /** Runs one load to its end (at most {@code timeout}) and returns its result. */
    static RunResult load(HarnessSettings harness, ForkedServer server, String path, List<String> bound, Path folder,
                          String name, Duration timeout) {
        try (Load load = startLoad(harness, server, path, bound, folder, name)) {
            return load.await(timeout);
        }
    }
}
