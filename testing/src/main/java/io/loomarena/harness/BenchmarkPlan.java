package io.loomarena.harness;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.loomarena.harness.fork.JvmLaunch;

/**
 * One combination of a suite: which server to fork once, which client to fork for every run, and the fixed amount of
 * work each client run does. Suites (echo, HTTP) only differ in their plans; the harness runs every plan the same way.
 * Immutable.
 *
 * @param suite              results sub-folder and ranking name, for example {@code echo}
 * @param unit               what one operation is, for example {@code msg}
 * @param serverModel        server model as on the command line, for example {@code virtual}
 * @param clientModel        client model as on the command line
 * @param serverLabel        ranking label of the server model, for example {@code VIRTUAL_SERVER}
 * @param clientLabel        ranking label of the client model, for example {@code VIRTUAL_CLIENT}
 * @param workload           every workload parameter, in a stable order; summaries are only ranked together when
 *                           their workloads are equal
 * @param expectedOperations operations one client run must complete without error
 * @param server             the server JVM's main class and arguments (it must print {@code listening on HOST:PORT})
 * @param client             the client JVM's main class and arguments for one run
 */
public record BenchmarkPlan(String suite, String unit, String serverModel, String clientModel, String serverLabel,
                            String clientLabel, Map<String, Object> workload, long expectedOperations,
                            JvmLaunch server, ClientLaunch client) {

    /** Builds the client command of one run, once the server's address is known. */
    @FunctionalInterface
    public interface ClientLaunch {
        /**
         * @param host     where the server listens
         * @param port     the server's port
         * @param jsonFile where the client must write its {@code RunResult}
         */
        JvmLaunch forRun(String host, int port, Path jsonFile);
    }

    public BenchmarkPlan {
        for (String value : new String[] {suite, unit, serverModel, clientModel, serverLabel, clientLabel}) {
            Objects.requireNonNull(value, "suite, unit, models and labels are required");
        }
        workload = Collections.unmodifiableMap(new LinkedHashMap<>(workload));
        if (expectedOperations < 0) {
            throw new IllegalArgumentException("expectedOperations must be >= 0, got " + expectedOperations);
        }
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(client, "client");
    }

    /** {@code SERVER_LABEL+CLIENT_LABEL}: the summary's file name and the ranking's name for this combination. */
    public String combination() {
        return serverLabel + "+" + clientLabel;
    }
}
