package io.loomarena.harness.echo;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;

/**
 * The echo suite's plans: every server model against every client model on the same path, {@code echo server} and
 * {@code echo client} ({@link EchoLaunch}) in fresh JVMs, the client writing its result with {@code --json}.
 * Stateless and thread-safe.
 */
public final class EchoBenchmarks {

    /** Results sub-folder and ranking name. */
    public static final String SUITE = "echo";
    /** One operation is one message echoed and checked. */
    public static final String UNIT = "msg";

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

        /** The part of this workload that client JVM {@code share} does: its share of the sessions. */
        public Workload share(BenchmarkPlan.ClientShare share) {
            return new Workload(share.of(clients, "client sessions"), messages, size, readTimeout);
        }

        /** Every parameter, in a stable order, as the summary records it. */
        public Map<String, Object> parameters() {
            Map<String, Object> parameters = new LinkedHashMap<>();
            parameters.put("clients", clients);
            parameters.put("messages", messages);
            parameters.put("size", size);
            parameters.put("host", EchoLaunch.HOST);
            parameters.put("poolSize", ServerModel.DEFAULT_POOL_SIZE);
            parameters.put("readTimeoutSeconds", (int) readTimeout.toSeconds());
            return parameters;
        }
    }

    private EchoBenchmarks() {
    }

    /** The plan of one combination. */
    public static BenchmarkPlan plan(ServerModel server, ClientModel client, Workload workload) {
        return new BenchmarkPlan(SUITE, UNIT, server.cliName(), client.cliName(), server.label(), client.label(),
                workload.parameters(), workload.expectedMessages(),
                EchoLaunch.server(server), (host, port, json, share) -> EchoLaunch.client(client, host, port,
                        workload.share(share), json));
    }

    /** The names of {@link EchoSuite#combinations()}: {@code SINGLE_SERVER+VIRTUAL_CLIENT}, ... */
    public static List<String> combinations() {
        return EchoSuite.ECHO.combinations().stream().map(EchoSuite.Entry::name).toList();
    }
}
