package io.loomarena.harness.capacity;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.loomarena.harness.ModelLabels;
import io.loomarena.harness.db.DbServerOptions;
import io.loomarena.harness.http.HttpLaunch;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.model.ClientModel;

/**
 * The capacity search of one combination on one path: what every step sends (the path over {@code connections}, with
 * or without keep-alive, at the step's rate for the objective's window), the objective and how the rate is stepped.
 * Every model gets the same plan apart from its server. Immutable.
 *
 * @param path        the request path and query, for example {@code /io?ms=10}
 * @param connections the client's connections (one thread each), 1..10,000: enough that {@code connections / rate}
 *                    stays above the latency, or the client itself would queue requests
 * @param keepAlive   whether a connection carries many requests (false: one connection per request, so that a pool
 *                    that holds a thread per connection serves every request in turn)
 * @param server      the server and its options
 * @param client      the load client's thread model
 * @param objective   what each step must keep
 * @param search      how the rate is stepped
 * @param database    the database the server's {@code /db} uses and the pool it opens to it; null for a path that
 *                    needs none (a search of {@code /db} without one would measure its 503s)
 */
public record CapacityPlan(String path, int connections, boolean keepAlive, HttpServerSetup server,
                           ClientModel client, LatencyObjective objective, SearchSettings search,
                           DbServerOptions database) {

    /** Results go to {@code target-results/http-capacity/}. */
    public static final String FOLDER = "http-capacity";
    /**
     * How long one answer may take before it counts as a {@code timeout} error: a step whose answers wait that long
     * broke any sensible objective already, and a shorter wait keeps an overloaded step short.
     */
    public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(10);

    public CapacityPlan {
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with /, got " + path);
        }
        if (connections < 1 || connections > 10_000) {
            throw new IllegalArgumentException("connections must be 1..10000, got " + connections);
        }
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(search, "search");
        if (database == null && (path.equals("/db") || path.startsWith("/db?"))) {
            throw new IllegalArgumentException("a capacity search of " + path + " needs a database: without one"
                    + " every answer is 503");
        }
    }

    /** A search of a path that needs no database. */
    public CapacityPlan(String path, int connections, boolean keepAlive, HttpServerSetup server, ClientModel client,
                        LatencyObjective objective, SearchSettings search) {
        this(path, connections, keepAlive, server, client, objective, search, null);
    }

    /**
     * The path with its parameters, as a name: {@code IO_MS_10}, {@code FANOUT_CALLS_3_MS_10}, {@code PING}, and the
     * database's pool when there is one ({@code DB_MS_20_DB_POOL_10}). The parameters are part of it because searches
     * of one path with other parameters (the quick {@code /io?ms=100} and the full {@code /io?ms=10}, or pools of 10
     * and 100) may run in one test run, and each keeps its own summary.
     */
    public String variant() {
        String ofPath = path.substring(1).toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_")
                .replaceAll("_+$", "");
        return database == null ? ofPath : ofPath + "_" + database.label();
    }

    /** The words after the server's own options: the database's, or none. */
    public List<String> serverArguments() {
        return database == null ? List.of() : database.words();
    }

    /** {@code POOL_4_SERVER+VIRTUAL_CLIENT+IO_MS_100}: the summary's file name and the ranking's name. */
    public String combination() {
        return ModelLabels.combination(server.label(), client.label(), variant());
    }

    /** Whether the server needs a downstream to call: {@code /fanout}. */
    public boolean needsDownstream() {
        return path.startsWith("/fanout");
    }

    /**
     * What every combination of one ranking shares: path, connections, keep-alive, objective and the search's
     * stepping. Summaries are ranked together only when these are equal.
     */
    public Map<String, Object> workload() {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("path", path);
        workload.put("host", HttpLaunch.HOST);
        workload.put("model", "open: constant arrival rate per step");
        workload.put("connections", connections);
        workload.put("keepAlive", keepAlive);
        workload.put("objective", objective.toString());
        workload.put("startRate", search.startRate());
        workload.put("growth", search.growth());
        workload.put("resolution", search.resolution());
        workload.put("ceiling", search.ceiling());
        workload.put("rateTolerance", search.rateTolerance());
        workload.put("clientCpuLimit", search.clientCpuLimit());
        workload.put("sendLagTolerance", search.sendLagTolerance());
        workload.put("timeoutSeconds", RESPONSE_TIMEOUT.toSeconds());
        if (database != null) {
            workload.put("dbPoolSize", database.poolSize());
        }
        return workload;
    }
}
