package io.loomarena.model;

import java.util.List;
import java.util.Optional;

/**
 * The server thread models, shared by the echo and the HTTP servers, in the one set of words loom-arena uses for
 * them: the command line ({@code --model virtual}), the ranking label ({@code VIRTUAL_SERVER}), the Cucumber tag
 * ({@code @ServerVirtual}) and the thread names ({@code echo-virtual-N}, {@code http-virtual-N}). A new model is one more
 * constant here and one class per server. A server that does not implement a model yet says so at its command line
 * (the HTTP server has no event loop so far). Immutable.
 */
public enum ServerModel implements ThreadModel {
    /** One thread accepts and serves connections one after another. */
    SINGLE("single", "@ServerSingle", Threads.ACCEPTOR),
    /** A new platform thread per connection, which serves every request of it and ends with it. */
    PLATFORM("platform", "@ServerPlatform", Threads.PLATFORM),
    /** A fixed pool of platform threads ({@code --pool-size}); extra connections wait for a free thread. */
    POOL("pool", "@ServerPool", Threads.POOL),
    /** A new virtual thread per connection. */
    VIRTUAL("virtual", "@ServerVirtual", Threads.VIRTUAL),
    /**
     * Non-blocking sockets on selectors, a fixed number of event-loop platform threads ({@code --loops}, default one
     * per available processor), each serving many connections; written here on {@code java.nio} alone.
     */
    EVENT_LOOP("event-loop", "@ServerEventLoop", Threads.EVENT_LOOP),
    /** The same design in Netty 4.2 (epoll where its native library loads, NIO otherwise): the industrial reference. */
    NETTY("netty", "@ServerNetty", Threads.EVENT_LOOP);

    /** Which threads serve a model's connections: what the servers and the harness may ask of a model. */
    enum Threads {
        /** The accepting thread itself. */
        ACCEPTOR,
        /** Platform threads started per connection. */
        PLATFORM,
        /** A fixed pool of platform threads. */
        POOL,
        /** Virtual threads. */
        VIRTUAL,
        /** A fixed number of event-loop platform threads, each serving many non-blocking connections. */
        EVENT_LOOP
    }

    /** The threads of a {@link #POOL} unless {@code --pool-size} says otherwise: here and nowhere else. */
    public static final int DEFAULT_POOL_SIZE = 100;
    /** The largest pool either server accepts. */
    public static final int MAX_POOL_SIZE = 10_000;

    /** The most event loops either server accepts ({@code --loops}). */
    public static final int MAX_LOOPS = 1_024;

    /**
     * An old HTTP {@code --stage} name that still selects a model, with the words that replace it. Immutable.
     *
     * @param oldName       the name scripts may still use, {@code thread-pool}
     * @param model         the model it selects
     * @param cachedContent whether it also meant {@code --cache-content} ({@code virtual-cached} did)
     */
    public record Alias(String oldName, ServerModel model, boolean cachedContent) {

        /** What to write instead: {@code pool}, {@code virtual --cache-content}. */
        public String replacement() {
            return model.cliName + (cachedContent ? " --cache-content" : "");
        }
    }

    /**
     * A model as named on a command line. Immutable.
     *
     * @param model         the model
     * @param cachedContent whether the name (an old one) also asked for cached content
     * @param alias         the old name used, if one was
     */
    public record Parsed(ServerModel model, boolean cachedContent, Optional<Alias> alias) {

        /** One line for stderr when an old name was used: {@code 'thread-pool' is now 'pool'}. */
        public Optional<String> notice() {
            return alias.map(old -> "'" + old.oldName() + "' is now '" + old.replacement() + "'");
        }
    }

    /** The HTTP server's names before both servers shared these words; {@code thread-per-request} always started a
     * thread per connection, hence {@code platform}. */
    private static final List<Alias> ALIASES = List.of(new Alias("single-threaded", SINGLE, false),
            new Alias("thread-per-request", PLATFORM, false), new Alias("thread-pool", POOL, false),
            new Alias("virtual-cached", VIRTUAL, true));

    private final String cliName;
    private final String tag;
    private final Threads threads;

    ServerModel(String cliName, String tag, Threads threads) {
        this.cliName = cliName;
        this.tag = tag;
        this.threads = threads;
    }

    /** The name on the command line and in summaries: {@code virtual}. */
    @Override
    public String cliName() {
        return cliName;
    }

    /** The ranking label, as in combination names: {@code VIRTUAL_SERVER}. */
    public String label() {
        return name() + "_SERVER";
    }

    /** The ranking label of this model with a pool of {@code size}: {@code POOL_4_SERVER}, {@code POOL_2XCPU_SERVER}. */
    public String label(PoolSize size) {
        return hasPool() ? name() + size.labelPart() + "_SERVER" : label();
    }

    /** The Cucumber tag of the scenarios that run this model: {@code @ServerVirtual}. */
    public String tag() {
        return tag;
    }

    /** Whether connections run on virtual threads. */
    @Override
    public boolean virtualThreads() {
        return threads == Threads.VIRTUAL;
    }

    /** Whether the accepting thread serves each connection itself, so that one connection holds the server. */
    public boolean servesOnAcceptor() {
        return threads == Threads.ACCEPTOR;
    }

    /** Whether the model has a fixed number of threads, set by {@code --pool-size}. */
    public boolean hasPool() {
        return threads == Threads.POOL;
    }

    /**
     * Whether the model serves its connections on a fixed number of event loops ({@code --loops}) rather than a
     * thread per connection or a pool of blocking threads.
     */
    public boolean hasLoops() {
        return threads == Threads.EVENT_LOOP;
    }

    /**
     * Refuses an option that this model would ignore ({@code --pool-size} without a pool, {@code --loops} without event
     * loops), so that {@code --model virtual --pool-size 50} is an error naming the model that takes it rather than a
     * server that quietly runs something else than what its command line says.
     *
     * @param option {@code --pool-size} or {@code --loops}, as given on the command line
     * @param value  its value there
     * @throws io.loomarena.cli.BadArgumentException naming the option, this model and the models it applies to
     */
    public void requireTakes(String option, String value) {
        boolean takes = switch (option) {
            case "--pool-size" -> hasPool();
            case "--loops" -> hasLoops();
            default -> throw new IllegalArgumentException("not a model's option: " + option);
        };
        if (!takes) {
            String models = java.util.Arrays.stream(values())
                    .filter(m -> "--pool-size".equals(option) ? m.hasPool() : m.hasLoops())
                    .map(ServerModel::cliName).collect(java.util.stream.Collectors.joining(", "));
            throw io.loomarena.cli.BadArgumentException.invalid(option, value, "the " + cliName()
                    + " model has no " + ("--pool-size".equals(option) ? "pool" : "event loops"), "only with --model "
                    + models);
        }
    }

    /**
     * The event loops of a model with loops when {@code --loops} is not given: one per processor this JVM (the
     * server's) may use, so that a server pinned to one CPU runs one loop.
     */
    public static int defaultLoops() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The model with exactly this command-line name, if any (old names are not). */
    public static Optional<ServerModel> fromCliName(String name) {
        return ThreadModel.withCliName(values(), name);
    }

    /**
     * The model with exactly this command-line name (old names are not: scenarios and plans use the current words).
     *
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static ServerModel named(String name) {
        return fromCliName(name).orElseThrow(() -> new IllegalArgumentException("'" + name
                + "' is not a server model; expected one of: " + allowed()));
    }

    /**
     * The model a command line names, by its name or an old one ({@link Alias}).
     *
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static Parsed parse(String name) {
        for (Alias alias : ALIASES) {
            if (alias.oldName().equals(name)) {
                return new Parsed(alias.model(), alias.cachedContent(), Optional.of(alias));
            }
        }
        return new Parsed(named(name), false, Optional.empty());
    }

    /**
     * The command-line names in the enum's order, for a help text: picocli's {@code completionCandidates}, which
     * {@code ${COMPLETION-CANDIDATES}} in an option's description lists, so no help text lists the models by hand.
     */
    public static final class CliNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(values()).map(ServerModel::cliName).iterator();
        }
    }

    /** The command-line names, comma separated: {@code single, platform, pool, virtual, event-loop, netty}. */
    public static String allowed() {
        return ThreadModel.cliNames(values());
    }

    @Override
    public String toString() {
        return cliName;
    }
}
