package io.loomarena.harness.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fake.FakePlans;

/**
 * Seed 004's side-by-side run with the arena's own server in real JVMs and a framework row whose module is not built
 * (none is, under a temporary repository root): the framework's row is one line naming it and the build command, and
 * the arena's row is still measured with its /metrics figures. Asserts lines and figures that exist on any machine.
 */
class SideBySideRunTest {

    @TempDir
    Path repository;

    @Test
    void aRowThatDoesNotStartIsOneLineAndTheOthersAreMeasured() {
        HarnessSettings settings = FakePlans.settings(repository.resolve("target-results"));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        List<SideBySideRun.Row> rows = SideBySideRun.run(List.of(HttpServerSetup.parse("spring-boot-virtual"),
                        HttpServerSetup.parse("virtual")), HttpWorkload.closed("/fanout?calls=1&ms=1", 4, 20, false),
                settings, new PrintStream(printed, true, StandardCharsets.UTF_8));

        String notBuilt = "spring-boot-virtual: http-server/frameworks/spring-boot is not built (no "
                + repository.resolve("http-server/frameworks/spring-boot/target/classpath.txt") + "); build it with"
                + " ./mvnw -q -pl http-server/frameworks/spring-boot -am compile";
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).failure()).isEqualTo(notBuilt);
        assertThat(rows.get(0).line()).isEqualTo("[PERF][SIDE-BY-SIDE] SPRING_BOOT_VIRTUAL_SERVER: not measured: "
                + notBuilt);
        SideBySideRun.Row arena = rows.get(1);
        assertThat(arena.measured()).as(arena.line()).isTrue();
        assertThat(arena.throughput()).isPositive();
        assertThat(arena.errors()).isZero();
        assertThat(arena.implementation()).isEqualTo("loom-arena");
        // Warmup and measured runs, 20 requests each, and the downstream calls were made to another JVM.
        assertThat(arena.metrics().requests().orElse(-1)).isGreaterThanOrEqualTo(40);
        assertThat(arena.metrics().threadsPeak()).isPresent();
        assertThat(printed.toString(StandardCharsets.UTF_8).lines()).containsExactly(rows.get(0).line(), arena.line());
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)).isEmpty();
    }
}
