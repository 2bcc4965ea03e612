package io.loomarena.harness;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
 * @param variant            what tells apart combinations of the same server and client within a suite (for
 *                           example {@code C50_KEEP_ALIVE}), appended to {@link #combination()}; empty for none
 * @param downstream         a helper server forked before the server, whose address the server gets; {@code null}
 *                           for none
 * @param clientTimeByDesign time a client run takes by design whatever the server does (a ramp's duration), added
 *                           to the client JVM's time limit; {@code Duration.ZERO} for a fixed amount of work
 */
public record BenchmarkPlan(String suite, String unit, String serverModel, String clientModel, String serverLabel,
                            String clientLabel, Map<String, Object> workload, long expectedOperations,
                            JvmLaunch server, ClientLaunch client, String variant, Downstream downstream,
                            Duration clientTimeByDesign) {

    /**
     * A helper server the measured server calls (the fan-out backend): forked once per combination, before the server,
     * pinned with the client (it must not take the measured server's CPU), stopped after it. Immutable.
     *
     * @param label           a name for messages, for example {@code DOWNSTREAM_VIRTUAL_SERVER}
     * @param launch          its main class and arguments (it must print {@code listening on HOST:PORT})
     * @param serverArguments the arguments appended to the measured server's, given where the downstream listens
     * @param description     what it is, as recorded in the summary's workload (for example its command line)
     */
    public record Downstream(String label, JvmLaunch launch, ServerArguments serverArguments, String description) {

        public Downstream {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(launch, "launch");
            Objects.requireNonNull(serverArguments, "serverArguments");
            Objects.requireNonNull(description, "description");
        }
    }

    /** The measured server's extra arguments that point it at a started downstream. */
    @FunctionalInterface
    public interface ServerArguments {
        List<String> forDownstream(String host, int port);
    }

    /** A plan with no variant and no downstream (one combination per server and client model). */
    public BenchmarkPlan(String suite, String unit, String serverModel, String clientModel, String serverLabel,
                         String clientLabel, Map<String, Object> workload, long expectedOperations,
                         JvmLaunch server, ClientLaunch client) {
        this(suite, unit, serverModel, clientModel, serverLabel, clientLabel, workload, expectedOperations, server,
                client, "", null, Duration.ZERO);
    }

    /** Builds the client command of one run, once the server's address is known. */
    @FunctionalInterface
    public interface ClientLaunch {
        /**
         * @param host     where the server listens, as the client reaches it
         * @param port     the server's port
         * @param jsonFile where the client must write its {@code RunResult}, on the client's host
         * @param share    which part of the fixed work this client JVM does, when several hosts split it
         */
        JvmLaunch forRun(String host, int port, String jsonFile, ClientShare share);
    }

    /**
     * Client JVM {@code index} of {@code count}, on as many hosts, each doing its share of the fixed work; the one
     * client of a run on this machine is {@link #ALL}. Immutable.
     *
     * @param index 0-based
     * @param count client JVMs sharing the work, {@code >= 1}
     */
    public record ClientShare(int index, int count) {

        /** The whole work, in one client JVM. */
        public static final ClientShare ALL = new ClientShare(0, 1);

        public ClientShare {
            if (count < 1 || index < 0 || index >= count) {
                throw new IllegalArgumentException("client " + index + " of " + count + " does not exist");
            }
        }

        /**
         * This client's part of {@code total} {@code what}: an even split, the first {@code total % count} clients
         * one more, so that the parts add up to {@code total}.
         *
         * @throws IllegalArgumentException when {@code total} is too small to give each client at least one
         */
        public long of(long total, String what) {
            if (total < count) {
                throw new IllegalArgumentException("cannot split " + total + " " + what + " across " + count
                        + " client hosts: each needs at least one");
            }
            return total / count + (index < total % count ? 1 : 0);
        }

        /** {@link #of(long, String)} for an {@code int}. */
        public int of(int total, String what) {
            return (int) of((long) total, what);
        }
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
        Objects.requireNonNull(variant, "variant (empty for none)");
        if (!variant.matches("[A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException("variant must be a file-name-safe word, got '" + variant + "'");
        }
        if (clientTimeByDesign == null || clientTimeByDesign.isNegative()) {
            throw new IllegalArgumentException("clientTimeByDesign must be >= 0 (ZERO for none), got "
                    + clientTimeByDesign);
        }
    }

    /**
     * {@code SERVER_LABEL+CLIENT_LABEL}, or {@code SERVER_LABEL+CLIENT_LABEL+VARIANT}: the summary's file name and the
     * ranking's name for this combination.
     */
    public String combination() {
        return ModelLabels.combination(serverLabel, clientLabel, variant);
    }

    /** The server's launch, with the downstream's arguments appended when there is one. */
    public JvmLaunch serverWithDownstream(String host, int port) {
        return server.withMoreArgs(downstream.serverArguments().forDownstream(host, port));
    }
}
