package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class StatsOnStdinTest {

    @Test
    void statsAnswerIsOneJsonLineWithTheCountersAndThisProcess() throws Exception {
        String answer = StatsOnStdin.answer("stats", () -> Map.of("activeConnections", 3L));

        assertThat(answer).startsWith("stats {").doesNotContain("\n");
        ServerStats stats = new ObjectMapper().readValue(answer.substring("stats ".length()), ServerStats.class);
        assertThat(stats.pid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(stats.counters()).containsEntry("activeConnections", 3L);
        assertThat(stats.liveThreads()).isPositive();
        assertThat(stats.peakThreads()).isGreaterThanOrEqualTo(stats.liveThreads());
        assertThat(stats.heapUsedBytes()).isPositive();
        assertThat(stats.rssBytes()).isPositive();
        assertThat(stats.cpuTimeNanos()).isPositive();
        // HotSpot keeps the JIT's compile time: the test JVM has compiled something by now.
        assertThat(stats.readings().get(ServerStats.JIT_MILLIS)).isNotNull().isPositive();
    }

    @Test
    void countersKeepTheServersOrder() {
        Map<String, Long> counters = new java.util.LinkedHashMap<>();
        counters.put("activeConnections", 1L);
        counters.put("acceptedConnections", 2L);
        counters.put("bytesEchoed", 3L);

        assertThat(StatsOnStdin.answer("stats", () -> counters))
                .contains("\"counters\":{\"activeConnections\":1,\"acceptedConnections\":2,\"bytesEchoed\":3}");
    }

    @Test
    void resetPeaksAndUnknownCommands() {
        assertThat(StatsOnStdin.answer("reset-peaks", Map::of)).isEqualTo("reset-peaks ok");
        assertThat(StatsOnStdin.answer("turbo", Map::of)).isEqualTo("error unknown command: turbo");
    }

    @Test
    void peakHeapCoversTheHeapInUseAndPinningIsUnknownWithoutAMonitor() throws Exception {
        ServerStats stats = new ObjectMapper().readValue(
                StatsOnStdin.answer("stats", Map::of).substring("stats ".length()), ServerStats.class);

        assertThat(stats.peakHeapUsedBytes()).isPositive();
        if (PinningMonitor.current() == null) {
            assertThat(stats.pinnedEvents()).isEqualTo(-1);
        }
    }

    @Test
    void statsWrittenByAnOlderServerStillRead() throws Exception {
        ServerStats stats = new ObjectMapper().readValue("{\"pid\":1,\"liveThreads\":2,\"peakThreads\":3,"
                + "\"heapUsedBytes\":4,\"rssBytes\":5,\"peakRssBytes\":6,\"cpuTimeNanos\":7,\"gcCount\":8,"
                + "\"gcTimeMillis\":9,\"counters\":{}}", ServerStats.class);

        assertThat(stats.peakThreads()).isEqualTo(3);
        assertThat(stats.pinnedTopStack()).isEmpty();
    }

    @Test
    void aFrameworksStatsCarryItsImplementationAndOursCarryNone() throws Exception {
        String framework = StatsOnStdin.answer("stats", Map::of, "Spring Boot 4.0.7, Tomcat 11.0.14");
        String ours = StatsOnStdin.answer("stats", Map::of);

        ServerStats read = new ObjectMapper().readValue(framework.substring("stats ".length()), ServerStats.class);
        assertThat(read.implementation()).isEqualTo("Spring Boot 4.0.7, Tomcat 11.0.14");
        // Absent, not null: the arena's stats lines keep the fields they always had.
        assertThat(ours).doesNotContain("implementation");
        assertThat(new ObjectMapper().readValue(ours.substring("stats ".length()), ServerStats.class)
                .implementation()).isNull();
    }

    @Test
    void anImplementationWrittenAsFrameworkStillReadsAndABlankOneIsNone() throws Exception {
        String base = "{\"pid\":1,\"liveThreads\":2,\"peakThreads\":3,\"heapUsedBytes\":4,\"rssBytes\":5,"
                + "\"peakRssBytes\":6,\"cpuTimeNanos\":7,\"gcCount\":8,\"gcTimeMillis\":9,\"counters\":{},";
        ObjectMapper json = new ObjectMapper();

        assertThat(json.readValue(base + "\"framework\":\"Jetty 12.1.14\"}", ServerStats.class).implementation())
                .isEqualTo("Jetty 12.1.14");
        assertThat(json.readValue(base + "\"framework\":\"\"}", ServerStats.class).implementation()).isNull();
    }

    @Test
    void gcRunsACollectionAndAnswersOk() {
        long before = java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(gc -> Math.max(0, gc.getCollectionCount())).sum();

        assertThat(StatsOnStdin.answer("gc", Map::of)).isEqualTo("gc ok");
        long after = java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(gc -> Math.max(0, gc.getCollectionCount())).sum();
        assertThat(after).isGreaterThan(before);
    }
}
