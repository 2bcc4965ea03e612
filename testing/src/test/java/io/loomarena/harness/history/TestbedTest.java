package io.loomarena.harness.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.summary.Environment;
import io.loomarena.harness.summary.ForkedJvm;
import io.loomarena.harness.summary.ServerCell;

/** The testbed's fingerprint: the same facts give the same short id, a fact that changes figures changes it. */
class TestbedTest {

    private static final Instant SEEN = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void theSameFactsGiveTheSameIdWhateverTheirOrderOrTheMachineReadingThem() {
        Map<String, String> machine = Map.of("cpuModel", "AMD EPYC", "memoryGiB", "8", "virtualisation", "none");
        TestbedRow one = Testbed.of(environment("-XX:+UseG1GC", "25.0.3"), machine, SEEN);
        TestbedRow two = Testbed.of(environment("-XX:+UseG1GC", "25.0.3"),
                new java.util.TreeMap<>(machine).descendingMap(), SEEN.plusSeconds(60));

        assertThat(one.id()).isEqualTo(two.id()).hasSize(Testbed.ID_LENGTH).matches("[0-9a-f]+");
        assertThat(one.facts()).containsEntry("jdk", "Eclipse Adoptium 25.0.3").containsEntry("cpus", "2")
                .containsEntry("jvmFlags", "-Xms512m -Xmx512m -XX:+UseG1GC").containsEntry("cell", "default/default")
                .containsEntry("cpuModel", "AMD EPYC");
    }

    @Test
    void aJdkFlagsOrMachineChangeIsAnotherTestbed() {
        Map<String, String> machine = Map.of("cpuModel", "AMD EPYC");
        String id = Testbed.of(environment("-XX:+UseG1GC", "25.0.3"), machine, SEEN).id();

        assertThat(Testbed.of(environment("-XX:+UseParallelGC", "25.0.3"), machine, SEEN).id()).isNotEqualTo(id);
        assertThat(Testbed.of(environment("-XX:+UseG1GC", "21.0.5"), machine, SEEN).id()).isNotEqualTo(id);
        assertThat(Testbed.of(environment("-XX:+UseG1GC", "25.0.3"), Map.of("cpuModel", "Intel Xeon"), SEEN).id())
                .isNotEqualTo(id);
    }

    private static Environment environment(String gc, String version) {
        List<String> flags = List.of("-Xms512m", "-Xmx512m", gc);
        ForkedJvm server = new ForkedJvm("local", "/jdk/bin/java", version, "Eclipse Adoptium", "OpenJDK 64-Bit", flags);
        return new Environment(version, "Eclipse Adoptium", "OpenJDK 64-Bit", "/jdk/bin/java", flags, flags,
                "Linux 6.1.0 amd64", 2, "server=0, client=1", true, List.of(), "0.1 0.1 0.1", "abc",
                "2026-01-01T00:00:00Z", List.of(), server, List.of(server), ServerCell.ONLY);
    }
}
