package io.loomarena.harness.fake;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.options.RunOptions;

/** Plans and settings that fork the fake server and client, for harness tests. */
public final class FakePlans {

    private FakePlans() {
    }

    /** A plan whose server runs in {@code serverMode} and whose client runs in {@code clientMode}. */
    public static BenchmarkPlan plan(String serverMode, String clientMode, int operations) {
        return new BenchmarkPlan("fake", "op", "fake", "fake", "FAKE_SERVER", "FAKE_CLIENT",
                Map.of("operations", operations), operations,
                JvmLaunch.of(FakeServerMain.class.getName(), serverMode),
                (host, port, json, share) -> JvmLaunch.of(FakeClientMain.class.getName(), clientMode, host,
                        String.valueOf(port), json, String.valueOf(operations)));
    }

    /** Small, fast settings: 1 fork, 1 warmup and 3 measured iterations, 64 MB heaps, C1 only, short start timeout. */
    public static HarnessSettings settings(Path resultsDir) {
        return HarnessSettings.defaults(RunOptions.thisJvm(), resultsDir).withIterations(1, 1, 3)
                .withJvm("64m", "-XX:+UseSerialGC", List.of("-XX:TieredStopAtLevel=1"))
                .withTimeouts(Duration.ofSeconds(20), Duration.ofSeconds(60));
    }
}
