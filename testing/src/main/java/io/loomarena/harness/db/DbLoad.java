package io.loomarena.harness.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.http.HttpLaunch;
import io.loomarena.measure.RunResult;
import io.loomarena.model.ClientModel;

/**
 * A load client at a constant rate against a {@link DbServer}, in its own JVM ({@code load --rate R/s}), one
 * connection per request, failed requests counted by kind and status rather than fatal: what a fault scenario runs
 * while it breaks the database. Closing kills it if it still runs.
 *
 * @param process its JVM
 * @param json    where it writes its result
 * @param window  how long it sends
 */
public record DbLoad(ChildProcess process, Path json, Duration window) implements AutoCloseable {

    /** The longest one answer may take before the client counts it as a {@code timeout}. */
    public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(20);

    /** Starts {@code path} at {@code rate} req/s for {@code window} over {@code connections}; result in {@code json}. */
    public static DbLoad start(HarnessSettings settings, DbServer server, String path, double rate, int connections,
                               Duration window, Path json) {
        try {
            Path folder = json.toAbsolutePath().getParent();
            if (folder != null) {
                Files.createDirectories(folder);
            }
            Files.deleteIfExists(json);
        } catch (IOException e) {
            throw new HarnessException("cannot prepare " + json + ": " + e.getMessage(), e);
        }
        ChildProcess process = JvmFork.local(settings).start("load client " + path, HttpLaunch.loadAtRate(
                ClientModel.VIRTUAL, path, connections, false, rate, window, RESPONSE_TIMEOUT, server.origin(),
                json.toAbsolutePath().toString()), CpuPinning.Role.CLIENT, line -> { });
        return new DbLoad(process, json, window);
    }

    /** Waits for the client's end (its window, the last answers' wait and a margin) and reads its result. */
    public RunResult await() {
        Duration timeout = window.plus(RESPONSE_TIMEOUT).plusSeconds(60);
        if (!process.awaitExit(timeout)) {
            throw new HarnessException(process.describe() + " did not finish within " + timeout.toSeconds() + " s"
                    + process.details());
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
