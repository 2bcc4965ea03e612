package io.loomarena.harness.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The pinned stacks' counts on fake stacks: which events had a frame in the driver or the pool, and the top ones. */
class PinnedStacksTest {

    private static final List<String> IN_DRIVER = List.of("java.lang.VirtualThread.parkOnCarrierThread",
            "sun.nio.ch.NioSocketImpl.read", "org.postgresql.core.VisibleBufferedInputStream.readMore",
            "org.postgresql.core.PGStream.receiveChar", "com.zaxxer.hikari.pool.ProxyStatement.executeQuery");
    private static final List<String> IN_POOL = List.of("java.lang.VirtualThread.park",
            "com.zaxxer.hikari.util.ConcurrentBag.borrow", "com.zaxxer.hikari.pool.HikariPool.getConnection");
    private static final List<String> ELSEWHERE = List.of("java.lang.VirtualThread.park",
            "io.loomarena.http.server.endpoint.DbEndpoint.handle");

    @Test
    void eachEventCountsOnceForTheDriverAndOnceForThePoolByItsInnermostFrameOfTheirs() {
        PinnedStacks pinned = PinnedStacks.of(List.of(IN_DRIVER, IN_DRIVER, IN_POOL, ELSEWHERE));

        assertThat(pinned.events()).isEqualTo(4);
        assertThat(pinned.inDriver()).isEqualTo(2);
        assertThat(pinned.inPool()).isEqualTo(3);
        assertThat(pinned.topFrames()).containsExactly(
                java.util.Map.entry("org.postgresql.core.VisibleBufferedInputStream.readMore", 2L),
                java.util.Map.entry("com.zaxxer.hikari.util.ConcurrentBag.borrow", 1L));
        assertThat(pinned).hasToString("4 events, 2 with a frame in pgjdbc, 3 in HikariCP; innermost such frames:"
                + " org.postgresql.core.VisibleBufferedInputStream.readMore x2,"
                + " com.zaxxer.hikari.util.ConcurrentBag.borrow x1");
    }

    @Test
    void noPinnedEventIsSaidInOneShortLine() {
        assertThat(PinnedStacks.of(List.of())).hasToString("0 events, 0 with a frame in pgjdbc, 0 in HikariCP");
    }
}
