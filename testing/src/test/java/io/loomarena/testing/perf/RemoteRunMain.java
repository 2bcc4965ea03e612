package io.loomarena.testing.perf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.harness.remote.RemoteHosts;
import io.loomarena.harness.remote.RemoteSettings;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.summary.SummaryStore;

/**
 * A harness in a JVM of its own, measuring one echo combination across hosts, for the scenario that kills it
 * outright: {@code SERVER_TARGET CLIENT_TARGETS(comma) SSH_OPTION...}. It prints what it does and never ends on its
 * own before the work is done. Its temporary folders go where its {@code java.io.tmpdir} says: the scenario that kills
 * it points that into a folder it removes.
 */
public final class RemoteRunMain {

    private RemoteRunMain() {
    }

    public static void main(String[] args) throws Exception {
        RemoteSettings remote = new RemoteSettings(Optional.of(args[0]), List.of(args[1].split(",")),
                Arrays.asList(args).subList(2, args.length), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Duration.ofMillis(RemoteSettings.DEFAULT_MAX_CLOCK_OFFSET_MILLIS));
        Path results = Files.createTempDirectory("loomarena-killed-run-");
        HarnessSettings settings = HarnessSettings.defaults(RunOptions.thisJvm(), results).withIterations(1, 20, 20);
        try (RemoteHosts hosts = RemoteHosts.open(remote, settings, Path.of("").toAbsolutePath().getParent(),
                System.out)) {
            Combination.measureAndSave(EchoBenchmarks.plan(ServerModel.VIRTUAL, ClientModel.VIRTUAL,
                    EchoBenchmarks.Workload.of(100, 2_500, 32)), settings, new SummaryStore(results),
                    hosts.deployment(JvmFork.local(settings)));
        }
    }
}
