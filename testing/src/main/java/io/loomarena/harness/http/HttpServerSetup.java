package io.loomarena.harness.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import io.loomarena.model.PoolSize;
import io.loomarena.model.ServerModel;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.stage.ConcurrencyStage;

/**
 * The HTTP server under test: a model with its options, written as on the command line ({@code virtual},
 * {@code pool --pool-size 4}, {@code virtual --cache-content}). Its ranking label is the model's, with the pool's size
 * when it is not the default ({@code POOL_4_SERVER}, {@code POOL_2XCPU_SERVER}) and {@code _CACHED} for cached
 * content ({@code VIRTUAL_SERVER_CACHED}). A size per CPU travels as such and the server resolves it from its own
 * processors, so the label never depends on the machine that plans the run. Immutable.
 *
 * @param model         the server's thread model
 * @param pool          the pool's size for a model with a pool ({@link ServerModel#hasPool()}), null otherwise
 * @param cachedContent whether content is served from memory ({@code --cache-content})
 */
public record HttpServerSetup(ServerModel model, PoolSize pool, boolean cachedContent) {

    private static final String POOL_SIZE = "--pool-size";
    private static final String CACHE_CONTENT = "--cache-content";

    public HttpServerSetup {
        Objects.requireNonNull(model, "model");
        if (model.hasPool() != (pool != null)) {
            throw new IllegalArgumentException(model + (model.hasPool() ? " needs" : " has no") + " pool size");
        }
    }

    /** A model with its defaults ({@code pool}: {@value ServerModel#DEFAULT_POOL_SIZE} threads), content from disk. */
    public static HttpServerSetup of(ServerModel model) {
        return new HttpServerSetup(model, model.hasPool() ? PoolSize.DEFAULT : null, false);
    }

    /** A pool of {@code size}. */
    public static HttpServerSetup pool(PoolSize size) {
        return new HttpServerSetup(ServerModel.POOL, size, false);
    }

    /** This server with content served from memory. */
    public HttpServerSetup withCachedContent() {
        return new HttpServerSetup(model, pool, true);
    }

    /** Every model the HTTP server implements, with its defaults, in the enum's order. */
    public static List<HttpServerSetup> everyModel() {
        return Arrays.stream(ServerModel.values()).filter(ConcurrencyStage::implemented).map(HttpServerSetup::of)
                .toList();
    }

    /**
     * A server as {@link #toString()} writes it: {@code virtual}, {@code pool --pool-size 2xcpu},
     * {@code virtual --cache-content}.
     *
     * @throws IllegalArgumentException naming what is not understood and what is allowed
     */
    public static HttpServerSetup parse(String text) {
        List<String> words = List.of(text.strip().split("\\s+"));
        ServerModel model = ServerModel.fromCliName(words.getFirst()).orElseThrow(() -> new IllegalArgumentException(
                "unknown server model '" + words.getFirst() + "' in '" + text + "'; allowed: " + ServerModel.allowed()
                        + ", with " + POOL_SIZE + " N|Nxcpu for pool and " + CACHE_CONTENT));
        PoolSize pool = model.hasPool() ? PoolSize.DEFAULT : null;
        boolean cached = false;
        for (int i = 1; i < words.size(); i++) {
            if (words.get(i).equals(CACHE_CONTENT)) {
                cached = true;
            } else if (words.get(i).equals(POOL_SIZE) && model.hasPool()) {
                if (i + 1 == words.size()) {
                    throw new IllegalArgumentException("'" + text + "' ends without the value of " + POOL_SIZE
                            + " (" + PoolSize.FORMS + ")");
                }
                pool = PoolSize.parse(words.get(++i));
            } else {
                throw new IllegalArgumentException("'" + words.get(i) + "' in '" + text + "' is not an option of "
                        + model + "; allowed: " + (model.hasPool() ? POOL_SIZE + " N|Nxcpu, " : "") + CACHE_CONTENT);
            }
        }
        return new HttpServerSetup(model, pool, cached);
    }

    /** The ranking label: {@code POOL_SERVER}, {@code POOL_4_SERVER}, {@code VIRTUAL_SERVER_CACHED}. */
    public String label() {
        return (pool == null ? model.label() : model.label(pool)) + (cachedContent ? "_CACHED" : "");
    }

    /** The options after {@code --model M}: {@code --pool-size 100}, {@code --cache-content}. */
    public List<String> options() {
        List<String> options = new ArrayList<>();
        if (pool != null) {
            options.addAll(List.of(POOL_SIZE, pool.cliValue()));
        }
        if (cachedContent) {
            options.add(CACHE_CONTENT);
        }
        return List.copyOf(options);
    }

    /** {@code serve --model M --host HOST --port 0}, this server's options, then {@code more}. */
    public JvmLaunch launch(List<String> more) {
        List<String> args = new ArrayList<>(options());
        args.addAll(more);
        return HttpLaunch.serve(model, args);
    }

    /** The server as on the command line, as summaries record it: {@code pool --pool-size 100}. */
    @Override
    public String toString() {
        List<String> words = new ArrayList<>(List.of(model.cliName()));
        words.addAll(options());
        return String.join(" ", words);
    }
}
