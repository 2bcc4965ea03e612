package io.loomarena.harness.http;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import io.loomarena.harness.ModelLabels;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.Stage;

/**
 * The server under test: a stage and, for {@code thread-pool}, its pool size. The ranking label is the stage's
 * ({@code VIRTUAL_THREADS}); a pool of another size than the default is labelled with its size
 * ({@code THREAD_POOL_4}), and the summary's server model records it ({@code thread-pool --pool-size 4}). Immutable.
 *
 * @param stage    the HTTP stage
 * @param poolSize threads of a {@code thread-pool} stage, 1..{@link ServerConfig#MAX_POOL_SIZE}; ignored (and 0) for
 *                 the other stages
 */
public record HttpServerSetup(Stage stage, int poolSize) {

    public HttpServerSetup {
        Objects.requireNonNull(stage, "stage");
        if (stage == Stage.THREAD_POOL && (poolSize < 1 || poolSize > ServerConfig.MAX_POOL_SIZE)) {
            throw new IllegalArgumentException("a thread-pool needs 1.." + ServerConfig.MAX_POOL_SIZE + " threads, got "
                    + poolSize);
        }
        if (stage != Stage.THREAD_POOL) {
            poolSize = 0;
        }
    }

    /** A stage with its default settings ({@code thread-pool}: 100 threads). */
    public static HttpServerSetup of(Stage stage) {
        return new HttpServerSetup(stage, stage == Stage.THREAD_POOL ? HttpLaunch.DEFAULT_POOL_SIZE : 0);
    }

    /** A {@code thread-pool} of {@code threads}. */
    public static HttpServerSetup threadPool(int threads) {
        return new HttpServerSetup(Stage.THREAD_POOL, threads);
    }

    /** The thread-pool at twice the machine's CPUs, the size a CPU-bound pool is usually given. */
    public static HttpServerSetup threadPoolAtTwiceTheCpus() {
        return threadPool(2 * Runtime.getRuntime().availableProcessors());
    }

    /** Every stage with its defaults, in the staircase's order. */
    public static List<HttpServerSetup> everyStage() {
        return Arrays.stream(Stage.values()).map(HttpServerSetup::of).toList();
    }

    /** {@code single-threaded}, any case, or {@code thread-pool} with a pool size suffix: {@code thread-pool-4}. */
    public static HttpServerSetup parse(String name) {
        String text = name.strip();
        if (text.startsWith("thread-pool-")) {
            return threadPool(Integer.parseInt(text.substring("thread-pool-".length())));
        }
        return of(Stage.fromCliName(text).orElseThrow(() -> new IllegalArgumentException("unknown stage '" + name
                + "'; allowed: " + Stage.allowedNames() + ", or thread-pool-N for N threads")));
    }

    /** The ranking label: the stage's, with the pool size when it is not the default. */
    public String label() {
        return stage == Stage.THREAD_POOL && poolSize != HttpLaunch.DEFAULT_POOL_SIZE
                ? ModelLabels.stage(stage) + "_" + poolSize : ModelLabels.stage(stage);
    }

    /** The server model as on the command line: {@code virtual}, {@code thread-pool --pool-size 100}. */
    public String model() {
        return stage == Stage.THREAD_POOL ? stage.cliName() + " --pool-size " + poolSize : stage.cliName();
    }

    /** {@code serve --stage ... --host HOST --port 0 [--pool-size N]}, then {@code options}. */
    public JvmLaunch launch(List<String> options) {
        return HttpLaunch.serve(stage, poolSize, options);
    }

    @Override
    public String toString() {
        return model();
    }
}
