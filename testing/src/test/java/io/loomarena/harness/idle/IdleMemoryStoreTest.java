package io.loomarena.harness.idle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdleMemoryStoreTest {

    private static final IdleMemory VIRTUAL = new IdleMemory("virtual", "VIRTUAL_SERVER",
            new IdleStep(0, 0, 11, 100L << 20, 8L << 20, 0, 0, 0),
            List.of(new IdleStep(1000, 1000, 14, 110L << 20, 28L << 20, 10_240, 20_480, 0.003)),
            List.of("-Xms512m", "-Xmx512m"), "25", "0.50 0.40 0.30", "2025-01-01T00:00:00Z");

    @Test
    void writesTheJsonAndRewritesTheTablesOfEveryModel(@TempDir Path results) throws IOException {
        IdleMemoryStore store = new IdleMemoryStore(results);

        Path file = store.write(VIRTUAL);

        assertThat(file).isEqualTo(results.resolve("echo-idle/VIRTUAL_SERVER.json"));
        assertThat(store.readAll()).containsExactly(VIRTUAL);
        assertThat(Files.readString(results.resolve("echo-idle/memory.md")))
                .contains("| VIRTUAL_SERVER | 1000 | 1000 | 14 | 110.0 | 28.0 | 10.0 | 20.0 | 0.003 |");
        assertThat(Files.readAllLines(results.resolve("echo-idle/memory.csv"))).containsExactly(
                "server,connections,server_active,live_threads,rss_bytes,heap_used_bytes,rss_bytes_per_connection,"
                        + "heap_bytes_per_connection,threads_per_connection",
                "VIRTUAL_SERVER,0,0,11,104857600,8388608,0.0,0.0,0.0000",
                "VIRTUAL_SERVER,1000,1000,14,115343360,29360128,10240.0,20480.0,0.0030");
    }

    @Test
    void consoleLineSaysWhatEachConnectionCost() {
        assertThat(IdleMemoryStore.line(VIRTUAL, VIRTUAL.steps().get(0))).isEqualTo("[PERF][IDLE] VIRTUAL_SERVER"
                + " holding 1000 idle connections (server counts 1000 open): RSS 110.0 MiB (+10.0 KiB/conn), heap"
                + " 28.0 MiB (+20.0 KiB/conn), 14 live threads (+0.003/conn)");
    }
}
