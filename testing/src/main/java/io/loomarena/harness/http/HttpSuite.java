package io.loomarena.harness.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.http.load.ClientModel;
import io.loomarena.http.server.Stage;

/**
 * The HTTP benchmark suites: which servers and clients each one measures, how its combinations are told apart when a
 * suite measures several workloads (levels, paths), and how its ranking reads. Stateless.
 */
public enum HttpSuite implements BenchmarkSuite {

    /** {@code /ping}, fixed work at concurrency 10: every stage x client, plus the thread-pool at 2 x CPUs. */
    PING(Ranked.FASTEST_FIRST, List.of()),
    /** {@code /data.json}, a user ramp (open model): every stage, ranked by p99 latency. */
    DATA(Ranked.BY_P99, List.of()),
    /** {@code /files/} 50 KB page per concurrency level and keep-alive setting: a table per level. */
    SWEEP(Ranked.TABLE_PER_LEVEL, List.of("connections", "keepAlive")),
    /** {@code /fanout} and {@code /io} at concurrency 100: virtual against thread-pools of 4 and 100 threads. */
    FANOUT(Ranked.FASTEST_FIRST, List.of("path")),
    /** {@code /cpu} at two concurrency levels: every stage. */
    CPU(Ranked.FASTEST_FIRST, List.of("connections"));

    private final Ranked ranked;
    private final List<String> groupKeys;

    HttpSuite(Ranked ranked, List<String> groupKeys) {
        this.ranked = ranked;
        this.groupKeys = List.copyOf(groupKeys);
    }

    /** The suite named {@code ping|data|sweep|fanout|cpu}, any case. */
    public static HttpSuite of(String name) {
        for (HttpSuite suite : values()) {
            if (suite.cliName().equalsIgnoreCase(name.strip())) {
                return suite;
            }
        }
        throw new IllegalArgumentException("unknown HTTP suite '" + name + "'; allowed: ping, data, sweep, fanout, cpu");
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

    /** The servers the suite measures, in the staircase's order. */
    public List<HttpServerSetup> servers() {
        return switch (this) {
            case PING -> {
                List<HttpServerSetup> servers = new ArrayList<>(HttpServerSetup.everyStage());
                servers.add(HttpServerSetup.threadPoolAtTwiceTheCpus());
                yield servers.stream().distinct().toList(); // on 50 CPUs, 2 x CPUs is the default pool
            }
            case FANOUT -> List.of(HttpServerSetup.of(Stage.VIRTUAL), HttpServerSetup.threadPool(4),
                    HttpServerSetup.threadPool(HttpLaunch.DEFAULT_POOL_SIZE));
            default -> HttpServerSetup.everyStage();
        };
    }

    /** The client models the suite measures: both for {@code ping}, the virtual client elsewhere. */
    public List<ClientModel> clients() {
        return this == PING ? List.of(ClientModel.PLATFORM, ClientModel.VIRTUAL)
                : List.of(ClientModel.VIRTUAL);
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

    /** Every combination a group must hold to be ranked: each server against each client, with the group's variant. */
    @Override
    public List<String> expectedCombinations(Map<String, Object> groupWorkload) {
        List<String> names = new ArrayList<>();
        for (ClientModel client : clients()) {
            names.addAll(HttpBenchmarks.combinations(servers(), client, variant(groupWorkload)));
        }
        return List.copyOf(names);
    }
}
