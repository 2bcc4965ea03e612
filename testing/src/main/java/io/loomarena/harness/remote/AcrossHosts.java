package io.loomarena.harness.remote;

import java.util.ArrayList;
import java.util.List;

import io.loomarena.echo.client.ClientModel;
import io.loomarena.echo.server.ServerModel;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.http.HttpBenchmarks;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Whole suites measured on the hosts of a run: the same plans, in the same order, as the suites' scenarios measure
 * on this machine, each combination through {@link Combination} with the hosts given. Stateless.
 */
public final class AcrossHosts {

    private AcrossHosts() {
    }

    /** Every echo server model against every echo client model, server-major. */
    public static List<Combination.Measured> echo(RemoteHosts hosts, HarnessSettings settings, SummaryStore store,
                                                  EchoBenchmarks.Workload workload) {
        List<Combination.Measured> measured = new ArrayList<>();
        for (ServerModel server : ServerModel.values()) {
            for (ClientModel client : ClientModel.values()) {
                measured.add(Combination.measureAndSave(EchoBenchmarks.plan(server, client, workload), settings,
                        store, hosts.placement(JvmFork.local(settings))));
            }
        }
        return measured;
    }

    /** Every server of an HTTP suite against each of its clients, client-major as its ranking lists them. */
    public static List<Combination.Measured> http(RemoteHosts hosts, HarnessSettings settings, SummaryStore store,
                                                  HttpSuite suite, HttpWorkload workload) {
        List<Combination.Measured> measured = new ArrayList<>();
        for (io.loomarena.http.load.ClientModel client : suite.clients()) {
            for (HttpServerSetup server : suite.servers()) {
                measured.add(Combination.measureAndSave(HttpBenchmarks.plan(suite, server, client, workload),
                        settings, store, hosts.placement(JvmFork.local(settings))));
            }
        }
        return measured;
    }
}
