package io.loomarena.harness.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

import io.loomarena.model.PoolSize;
import io.loomarena.model.ServerModel;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.http.server.stage.ConcurrencyStage;

/**
 * The HTTP server under test, written as on the command line: one of the arena's models with its options
 * ({@code virtual}, {@code pool --pool-size 4}, {@code virtual --cache-content}), or a framework row
 * ({@code spring-boot-virtual}, {@code spring-boot-platform --pool-size 4}, {@link FrameworkRow}). An arena server's
 * ranking label is the model's, with the pool's size when it is not the default ({@code POOL_4_SERVER},
 * {@code POOL_2XCPU_SERVER}) and {@code _CACHED} for cached content ({@code VIRTUAL_SERVER_CACHED}); a framework row's
 * is the row's, with the pool's size when one is given ({@code SPRING_BOOT_PLATFORM_4_SERVER}: without one the
 * framework keeps its own default). A size per CPU travels as such and the server resolves it from its own
 * processors, so the label never depends on the machine that plans the run. Immutable.
 *
 * @param model         the server's thread model; for a framework row the model its threads behave like
 *                      ({@link FrameworkRow#behavesLike()})
 * @param pool          the pool's size: for an arena model with a pool ({@link ServerModel#hasPool()}) always, for a
 *                      framework row that takes one when given (null: the framework's default); null otherwise
 * @param cachedContent whether content is served from memory ({@code --cache-content}; the arena's models only)
 * @param framework     the framework row, or null for one of the arena's own servers
 */
public record HttpServerSetup(ServerModel model, PoolSize pool, boolean cachedContent, FrameworkRow framework) {

    private static final String POOL_SIZE = "--pool-size";
    private static final String CACHE_CONTENT = "--cache-content";

    public HttpServerSetup {
        Objects.requireNonNull(model, "model");
        if (framework != null) {
            if (model != framework.behavesLike() || cachedContent || (pool != null && !framework.takesPoolSize())) {
                throw new IllegalArgumentException(framework + " behaves like " + framework.behavesLike()
                        + (framework.takesPoolSize() ? ", takes " + POOL_SIZE : ", has no pool size")
                        + " and no " + CACHE_CONTENT + "; got " + model + ", pool " + pool + ", cached "
                        + cachedContent);
            }
        } else if (model.hasPool() != (pool != null)) {
            throw new IllegalArgumentException(model + (model.hasPool() ? " needs" : " has no") + " pool size");
        }
    }

    /** One of the arena's own servers. */
    public HttpServerSetup(ServerModel model, PoolSize pool, boolean cachedContent) {
        this(model, pool, cachedContent, null);
    }

    /** A model with its defaults ({@code pool}: {@value ServerModel#DEFAULT_POOL_SIZE} threads), content from disk. */
    public static HttpServerSetup of(ServerModel model) {
        return new HttpServerSetup(model, model.hasPool() ? PoolSize.DEFAULT : null, false);
    }

    /** A pool of {@code size}. */
    public static HttpServerSetup pool(PoolSize size) {
        return new HttpServerSetup(ServerModel.POOL, size, false);
    }

    /** A framework row with the framework's own pool size. */
    public static HttpServerSetup of(FrameworkRow row) {
        return new HttpServerSetup(row.behavesLike(), null, false, row);
    }

    /** A framework row whose pool has {@code size} threads. */
    public static HttpServerSetup of(FrameworkRow row, PoolSize size) {
        return new HttpServerSetup(row.behavesLike(), size, false, row);
    }

    /** This server with content served from memory. */
    public HttpServerSetup withCachedContent() {
        return new HttpServerSetup(model, pool, true, framework);
    }

    /** Whether a framework serves (a {@link FrameworkRow}), not one of the arena's own servers. */
    public boolean isFramework() {
        return framework != null;
    }

    /** Every model the HTTP server implements, with its defaults, in the enum's order. */
    public static List<HttpServerSetup> everyModel() {
        return Arrays.stream(ServerModel.values()).filter(ConcurrencyStage::implemented).map(HttpServerSetup::of)
                .toList();
    }

    /** Every framework row, with its framework's defaults, in the enum's order. */
    public static List<HttpServerSetup> everyFramework() {
        return Arrays.stream(FrameworkRow.values()).map(HttpServerSetup::of).toList();
    }

    /**
     * A server as {@link #toString()} writes it: {@code virtual}, {@code pool --pool-size 2xcpu},
     * {@code virtual --cache-content}, {@code spring-boot-platform --pool-size 4}.
     *
     * @throws IllegalArgumentException naming what is not understood and what is allowed
     */
    public static HttpServerSetup parse(String text) {
        List<String> words = List.of(text.strip().split("\\s+"));
        FrameworkRow row = FrameworkRow.fromCliName(words.getFirst()).orElse(null);
        ServerModel model = row != null ? row.behavesLike() : ServerModel.fromCliName(words.getFirst())
                .orElseThrow(() -> new IllegalArgumentException("unknown server model '" + words.getFirst() + "' in '"
                        + text + "'; allowed: " + ServerModel.allowed() + ", with " + POOL_SIZE
                        + " N|Nxcpu for pool and " + CACHE_CONTENT + "; or a framework row: "
                        + FrameworkRow.allowed()));
        boolean takesPool = row != null ? row.takesPoolSize() : model.hasPool();
        PoolSize pool = row == null && model.hasPool() ? PoolSize.DEFAULT : null;
        boolean cached = false;
        for (int i = 1; i < words.size(); i++) {
            if (words.get(i).equals(CACHE_CONTENT) && row == null) {
                cached = true;
            } else if (words.get(i).equals(POOL_SIZE) && takesPool) {
                if (i + 1 == words.size()) {
                    throw new IllegalArgumentException("'" + text + "' ends without the value of " + POOL_SIZE
                            + " (" + PoolSize.FORMS + ")");
                }
                pool = PoolSize.parse(words.get(++i));
            } else {
                String allowed = row != null ? (takesPool ? POOL_SIZE + " N|Nxcpu" : "no option")
                        : (model.hasPool() ? POOL_SIZE + " N|Nxcpu, " : "") + CACHE_CONTENT;
                throw new IllegalArgumentException("'" + words.get(i) + "' in '" + text + "' is not an option of "
                        + (row != null ? row : model) + "; allowed: " + allowed);
            }
        }
        return new HttpServerSetup(model, pool, cached, row);
    }

    /**
     * The ranking label: {@code POOL_SERVER}, {@code POOL_4_SERVER}, {@code VIRTUAL_SERVER_CACHED};
     * {@code SPRING_BOOT_VIRTUAL_SERVER}, {@code SPRING_BOOT_PLATFORM_4_SERVER}.
     */
    public String label() {
        if (framework != null) {
            return pool == null ? framework.label()
                    : framework.name() + "_" + pool.cliValue().toUpperCase(Locale.ROOT) + "_SERVER";
        }
        return (pool == null ? model.label() : model.label(pool)) + (cachedContent ? "_CACHED" : "");
    }

    /**
     * The Cucumber tags of this server's rows: the model's ({@code @ServerVirtual}) and {@code @CachedContent} for
     * cached content; a framework row's {@code @Framework} and its framework's ({@code @FrameworkSpringBoot}), never
     * a model's, so that {@code @ServerVirtual} does not start a framework.
     */
    public Set<String> tags() {
        Set<String> tags = new LinkedHashSet<>();
        if (framework != null) {
            tags.addAll(framework.tags());
        } else {
            tags.add(model.tag());
            if (cachedContent) {
                tags.add(HttpSuite.CACHED_CONTENT);
            }
        }
        return Collections.unmodifiableSet(tags); // in this order, for messages
    }

    /** The options after {@code --model M} (or {@code --threads T}): {@code --pool-size 100}, {@code --cache-content}. */
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

    /**
     * {@code serve --model M --host HOST --port 0}, or a framework's {@code serve --threads T --host HOST --port 0}
     * on its module's class path; this server's options, then {@code more}.
     */
    public JvmLaunch launch(List<String> more) {
        List<String> args = new ArrayList<>(options());
        args.addAll(more);
        return framework != null ? HttpLaunch.serve(framework, args) : HttpLaunch.serve(model, args);
    }

    /** The server as on the command line, as summaries record it: {@code pool --pool-size 100}. */
    @Override
    public String toString() {
        List<String> words = new ArrayList<>(List.of(framework != null ? framework.cliName() : model.cliName()));
        words.addAll(options());
        return String.join(" ", words);
    }
}
