package io.loomarena.harness.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.ModelLabels;
import io.loomarena.model.ClientModel;
import io.loomarena.model.PoolSize;
import io.loomarena.model.ServerModel;

/**
 * The HTTP benchmark suites: the one list of combinations each one measures ({@link #combinations()}: its ranking,
 * its runs across hosts and its scenarios derive from it), how its combinations are told apart when a suite measures
 * several workloads (levels, paths), and how its ranking reads. Stateless.
 */
public enum HttpSuite implements BenchmarkSuite {

    /**
     * {@code /ping}, fixed work at concurrency 10: every server x client, plus the pool at 2 x CPUs and the Netty
     * reference ({@code netty}, which serves {@code /ping} and {@code /data.json} only), and every framework row
     * against the virtual client.
     */
    PING(Ranked.FASTEST_FIRST, List.of()),
    /** {@code /data.json}, a user ramp (open model): every server, ranked by p99 latency. */
    DATA(Ranked.BY_P99, List.of()),
    /** {@code /files/} 50 KB page per concurrency level and keep-alive setting: a table per level. */
    SWEEP(Ranked.TABLE_PER_LEVEL, List.of("connections", "keepAlive")),
    /**
     * {@code /fanout} and {@code /io} at concurrency 100: virtual against pools of 4 and 100 threads, and every
     * framework row.
     */
    FANOUT(Ranked.FASTEST_FIRST, List.of("path")),
    /** {@code /cpu} at two concurrency levels: every server. */
    CPU(Ranked.FASTEST_FIRST, List.of("connections")),
    /**
     * {@code /data.json} revalidated, fixed work at concurrency 10: every request carries the ETag of a first GET in
     * {@code If-None-Match} and is answered 304 (a head, no body), every server.
     */
    CONDITIONAL(Ranked.FASTEST_FIRST, List.of());

    private final Ranked ranked;
    private final List<String> groupKeys;

    HttpSuite(Ranked ranked, List<String> groupKeys) {
        this.ranked = ranked;
        this.groupKeys = List.copyOf(groupKeys);
    }

    /** The suite named {@code ping|data|sweep|fanout|cpu|conditional}, any case. */
    public static HttpSuite of(String name) {
        for (HttpSuite suite : values()) {
            if (suite.cliName().equalsIgnoreCase(name.strip())) {
                return suite;
            }
        }
        throw new IllegalArgumentException("unknown HTTP suite '" + name + "'; allowed: "
                + String.join(", ", java.util.Arrays.stream(values()).map(HttpSuite::cliName).toList()));
    }

    /** {@code ping}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The results folder and ranking name: {@code http-ping}. */
    @Override
    public String folder() {
        return HttpBenchmarks.suite(cliName());
    }

    @Override
    public Ranked ranked() {
        return ranked;
    }

    @Override
    public List<String> groupKeys() {
        return groupKeys;
    }

    /**
     * One combination of a suite: a server with its options against a client model. Immutable.
     *
     * @param server the server and its options
     * @param client the load client's thread model
     */
    public record Entry(HttpServerSetup server, ClientModel client) {

        /** {@code POOL_4_SERVER+VIRTUAL_CLIENT+FANOUT}, with the group's variant. */
        public String name(String variant) {
            return ModelLabels.combination(server.label(), client.label(), variant);
        }

        /**
         * The model tags its Examples rows carry: the server's ({@link HttpServerSetup#tags()}: the model's and
         * {@value HttpSuite#CACHED_CONTENT} for cached content, or a framework row's) and the client's, so that one
         * combination can be run by its tags.
         */
        public Set<String> tags() {
            Set<String> tags = new LinkedHashSet<>(server.tags());
            tags.add(client.tag());
            return Collections.unmodifiableSet(tags); // in this order, for messages
        }

        @Override
        public String toString() {
            return server + " against the " + client + " client";
        }
    }

    /** The tag of the Examples rows of a server that serves its content from memory. */
    public static final String CACHED_CONTENT = "@CachedContent";

    /**
     * Every combination the suite measures, client-major as its ranking lists them: the one list its ranking, its runs
     * across hosts and its scenarios (a check holds its features' Examples to it) derive from. Every model with its
     * defaults plus virtual with cached content, both clients for {@code ping}, which adds the pool at 2 x CPUs and
     * the Netty reference; {@code fanout} measures virtual against pools of 4 and 100 threads and the event loop
     * (which waits on timers and asynchronous downstream calls, with no thread per request). {@code ping} and
     * {@code fanout} then measure every framework row ({@link HttpServerSetup#everyFramework()}) against the virtual
     * client: ranked when they ran ({@link #optionalCombinations}), as they run by tag only.
     */
    public List<Entry> combinations() {
        List<HttpServerSetup> servers = new ArrayList<>(HttpServerSetup.everyModel());
        servers.add(HttpServerSetup.of(ServerModel.VIRTUAL).withCachedContent());
        List<ClientModel> clients = List.of(ClientModel.VIRTUAL);
        switch (this) {
            case PING -> {
                servers.add(HttpServerSetup.pool(PoolSize.perCpu(2)));
                // Netty's own HTTP server: a reference for /ping and /data.json, not a stage, so in this suite only.
                servers.add(HttpServerSetup.of(ServerModel.NETTY));
                clients = List.of(ClientModel.PLATFORM, ClientModel.VIRTUAL);
            }
            case FANOUT -> servers = List.of(HttpServerSetup.of(ServerModel.VIRTUAL),
                    HttpServerSetup.pool(PoolSize.fixed(4)), HttpServerSetup.of(ServerModel.POOL),
                    HttpServerSetup.of(ServerModel.EVENT_LOOP));
            default -> { }
        }
        List<Entry> entries = new ArrayList<>();
        for (ClientModel client : clients) {
            servers.forEach(server -> entries.add(new Entry(server, client)));
        }
        if (measuresFrameworks()) {
            HttpServerSetup.everyFramework().forEach(server -> entries.add(new Entry(server, ClientModel.VIRTUAL)));
        }
        return List.copyOf(entries);
    }

    /** The plan of every combination for {@code workload}, in {@link #combinations()}' order. */
    public List<BenchmarkPlan> plans(HttpWorkload workload) {
        return combinations().stream().map(entry -> HttpBenchmarks.plan(this, entry, workload)).toList();
    }

    /**
     * The plan of the combination written {@code server} ({@link HttpServerSetup#parse}) and {@code client}.
     *
     * @throws IllegalArgumentException when the suite does not measure it, naming the combinations it does
     */
    public BenchmarkPlan plan(String server, String client, HttpWorkload workload) {
        Entry wanted = new Entry(HttpServerSetup.parse(server), ClientModel.parse(client));
        if (!combinations().contains(wanted)) {
            throw new IllegalArgumentException("the HTTP " + cliName() + " suite does not measure " + wanted
                    + "; it measures: " + combinations());
        }
        return HttpBenchmarks.plan(this, wanted, workload);
    }

    /**
     * What tells a combination's group apart in its name, from its workload parameters: {@code C50_KEEP_ALIVE},
     * {@code C2}, {@code FANOUT}; empty for a suite of one group.
     */
    public String variant(Map<String, Object> workload) {
        return switch (this) {
            case SWEEP -> "C" + workload.get("connections")
                    + (Boolean.parseBoolean(String.valueOf(workload.get("keepAlive"))) ? "_KEEP_ALIVE" : "_CLOSE");
            case CPU -> "C" + workload.get("connections");
            case FANOUT -> {
                String path = String.valueOf(workload.get("path"));
                int end = path.indexOf('?');
                yield path.substring(1, end < 0 ? path.length() : end).toUpperCase(Locale.ROOT)
                        .replaceAll("[^A-Z0-9]+", "_");
            }
            default -> "";
        };
    }

    /** Whether the suite measures the framework rows too: {@code ping} and {@code fanout}. */
    public boolean measuresFrameworks() {
        return this == PING || this == FANOUT;
    }

    /**
     * Every combination a group must hold to be ranked: each of the arena's servers against each client, with the
     * group's variant. Framework rows are not among them ({@link #optionalCombinations}).
     */
    @Override
    public List<String> expectedCombinations(Map<String, Object> groupWorkload) {
        String variant = variant(groupWorkload);
        return combinations().stream().filter(entry -> !entry.server().isFramework())
                .map(entry -> entry.name(variant)).toList();
    }

    /**
     * The framework rows' combinations: they run by tag only ({@code @Framework}, never in the default build) and a
     * framework may fail to start (a module not built), so a group is ranked without them, each missing one reported
     * as a gap ({@link #reportedGaps}), and with them when their summaries are there.
     */
    @Override
    public List<String> optionalCombinations(Map<String, Object> groupWorkload) {
        String variant = variant(groupWorkload);
        return combinations().stream().filter(entry -> entry.server().isFramework())
                .map(entry -> entry.name(variant)).toList();
    }

    /** Every framework row's combination: the ranking names each one missing, so that a gap is never silent. */
    @Override
    public List<String> reportedGaps(Map<String, Object> groupWorkload) {
        return optionalCombinations(groupWorkload);
    }
}
