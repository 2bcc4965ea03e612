package io.loomarena.harness.echo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.ClientModel;
import io.loomarena.harness.fork.JvmLaunch;

/**
 * The echo suite's plans: every server model against every client model on the same path, {@code echo server} and
 * {@code echo client} of {@link #MAIN_CLASS} in fresh JVMs, the client writing its result with {@code --json}.
 * Stateless and thread-safe.
 */
public final class EchoBenchmarks {

    /** Results sub-folder and ranking name. */
    public static final String SUITE = "echo";
    /** One operation is one message echoed and checked. */
    public static final String UNIT = "msg";
    public static final String MAIN_CLASS = "io.loomarena.echo.EchoMain";
    /** The pool model's thread count (docs/architecture.md default). */
    public static final int POOL_SIZE = 100;
    /** Loopback only: the benchmark never leaves the machine. */
    public static final String HOST = "127.0.0.1";

    /** Echo server models, as on the command line and in ranking labels. */
    public enum Server {
        SINGLE, PLATFORM, POOL, VIRTUAL;

        public String cli() {
            return name().toLowerCase(Locale.ROOT);
        }

        public String label() {
            return name() + "_SERVER";
        }

        /** The model named {@code single|platform|pool|virtual}, any case. */
        public static Server of(String name) {
            return parse(Server.class, name);
        }
    }

    /**
     * The fixed work of one client run: {@code clients} concurrent sessions, each sending {@code messages} messages of
     * {@code size} bytes and checking every echo. Immutable.
     *
     * @param clients     concurrent client sessions, {@code >= 1}
     * @param messages    messages per session, {@code >= 1}
     * @param size        bytes per message, {@code >= 1}
     * @param readTimeout how long a session waits for one echo; generous, because the {@code single} server serves
     *                    one session after another and the others wait in the accept backlog meanwhile
     */
    public record Workload(int clients, int messages, int size, Duration readTimeout) {

        public Workload {
            if (clients < 1 || messages < 1 || size < 1) {
                throw new IllegalArgumentException("clients, messages and size must be >= 1, got " + clients + ", "
                        + messages + ", " + size);
            }
            if (readTimeout.isNegative() || readTimeout.isZero()) {
                throw new IllegalArgumentException("readTimeout must be positive, got " + readTimeout);
            }
        }

        /** The read timeout of a workload that may queue: every session may wait for all the others. */
        public static Workload of(int clients, int messages, int size) {
            return new Workload(clients, messages, size, Duration.ofMinutes(5));
        }

        public long expectedMessages() {
            return (long) clients * messages;
        }

        /** Every parameter, in a stable order, as the summary records it. */
        public Map<String, Object> parameters() {
            Map<String, Object> parameters = new LinkedHashMap<>();
            parameters.put("clients", clients);
            parameters.put("messages", messages);
            parameters.put("size", size);
            parameters.put("host", HOST);
            parameters.put("poolSize", POOL_SIZE);
            parameters.put("readTimeoutSeconds", (int) readTimeout.toSeconds());
            return parameters;
        }
    }

    private EchoBenchmarks() {
    }

    /** The plan of one combination. */
    public static BenchmarkPlan plan(Server server, ClientModel client, Workload workload) {
        List<String> serverArgs = new ArrayList<>(List.of("server", "--model", server.cli(), "--host", HOST,
                "--port", "0"));
        if (server == Server.POOL) {
            serverArgs.addAll(List.of("--pool-size", String.valueOf(POOL_SIZE)));
        }
        JvmLaunch serverLaunch = new JvmLaunch(MAIN_CLASS, serverArgs);
        BenchmarkPlan.ClientLaunch clientLaunch = (host, port, json) -> JvmLaunch.of(MAIN_CLASS, "client",
                "--model", client.cli(), "--host", host, "--port", String.valueOf(port),
                "--clients", String.valueOf(workload.clients()), "--messages", String.valueOf(workload.messages()),
                "--size", String.valueOf(workload.size()),
                "--read-timeout", String.valueOf(workload.readTimeout().toSeconds()),
                "--json", json.toString());
        return new BenchmarkPlan(SUITE, UNIT, server.cli(), client.cli(), server.label(), client.label(),
                workload.parameters(), workload.expectedMessages(), serverLaunch, clientLaunch);
    }

    /** Every combination of the suite, server-major: {@code SINGLE_SERVER+PLATFORM_CLIENT}, ... */
    public static List<String> combinations() {
        List<String> names = new ArrayList<>();
        for (Server server : Server.values()) {
            for (ClientModel client : ClientModel.values()) {
                names.add(server.label() + "+" + client.label());
            }
        }
        return List.copyOf(names);
    }

    private static <E extends Enum<E>> E parse(Class<E> type, String name) {
        for (E value : type.getEnumConstants()) {
            if (value.name().equalsIgnoreCase(name.strip())) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + type.getSimpleName().toLowerCase(Locale.ROOT) + " model '"
                + name + "'; allowed: " + Arrays.stream(type.getEnumConstants()).map(e -> e.name()
                .toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
    }
}
