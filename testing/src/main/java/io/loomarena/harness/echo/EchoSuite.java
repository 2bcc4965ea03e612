package io.loomarena.harness.echo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.ModelLabels;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;

/**
 * The echo suite: one group, ranked fastest first, and the one list of its combinations ({@link #combinations()}),
 * from which its ranking, its gate, its runs across hosts and its scenarios derive.
 */
public enum EchoSuite implements BenchmarkSuite {
    ECHO;

    /**
     * One combination of the suite: a server model against a client model. Immutable.
     *
     * @param server the echo server's model
     * @param client the echo client's model
     */
    public record Entry(ServerModel server, ClientModel client) {

        /** {@code VIRTUAL_SERVER+PLATFORM_CLIENT}. */
        public String name() {
            return ModelLabels.combination(server.label(), client.label(), "");
        }

        @Override
        public String toString() {
            return server + " server against the " + client + " client";
        }
    }

    @Override
    public String folder() {
        return EchoBenchmarks.SUITE;
    }

    /**
     * Every server model that serves connections concurrently on threads ({@code platform}, {@code pool},
     * {@code virtual}) against every client model, then the single server and each event-loop model ({@code
     * event-loop}, {@code netty}) against the virtual client only, server-major. The event loops' rows against the
     * platform client would add two combinations' worth of minutes to the default run (which runs this whole list but
     * the single server's row) and tell nothing the virtual client's rows do not: the client is the same for every
     * server it is ranked against. The
     * single server serves its 100 connections one after another, so the client model cannot change what it measures,
     * and its row would cost the default run two minutes (12 s per iteration, ten iterations): it is ranked against
     * the virtual client only, and only when asked for ({@link #expectedCombinations}).
     */
    public List<Entry> combinations() {
        List<Entry> entries = new ArrayList<>();
        for (ServerModel server : ServerModel.values()) {
            for (ClientModel client : ClientModel.values()) {
                if (againstEveryClient(server) || client == ClientModel.VIRTUAL) {
                    entries.add(new Entry(server, client));
                }
            }
        }
        return List.copyOf(entries);
    }

    private static boolean againstEveryClient(ServerModel server) {
        return !server.hasLoops() && server != ServerModel.SINGLE;
    }

    /** The plan of every combination for {@code workload}, in {@link #combinations()}' order. */
    public List<BenchmarkPlan> plans(EchoBenchmarks.Workload workload) {
        return combinations().stream().map(entry -> EchoBenchmarks.plan(entry.server(), entry.client(), workload))
                .toList();
    }

    /**
     * The plan of the combination of the models named {@code server} and {@code client}.
     *
     * @throws IllegalArgumentException when the suite does not measure it, naming the combinations it does
     */
    public BenchmarkPlan plan(String server, String client, EchoBenchmarks.Workload workload) {
        Entry wanted = new Entry(ServerModel.named(server), ClientModel.parse(client));
        if (!combinations().contains(wanted)) {
            throw new IllegalArgumentException("the echo suite does not measure the " + wanted + "; it measures: "
                    + combinations());
        }
        return EchoBenchmarks.plan(wanted.server(), wanted.client(), workload);
    }

    /**
     * Every combination but the single server's: its row is {@code @Slow} in every workload, because it costs the
     * default run two minutes (about 12 s per iteration, ten iterations) for a figure about a seventh of the others'
     * that no other row comes near. It is ranked with the rest when it ran ({@link #optionalCombinations}).
     */
    @Override
    public List<String> expectedCombinations(Map<String, Object> groupWorkload) {
        return combinations().stream().filter(entry -> !onlyWhenAskedFor(entry)).map(Entry::name).toList();
    }

    /** The single server's combination: measured when its {@code @Slow} row runs. */
    @Override
    public List<String> optionalCombinations(Map<String, Object> groupWorkload) {
        return combinations().stream().filter(EchoSuite::onlyWhenAskedFor).map(Entry::name).toList();
    }

    private static boolean onlyWhenAskedFor(Entry entry) {
        return entry.server() == ServerModel.SINGLE;
    }
}
