package io.loomarena.http.server.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code /cpu}'s body is a function of N, so HEAD and GET (and any two GETs) agree on it and on its length. */
class BlockingWorkTest {

    @Test
    void theCpuBodyDependsOnTheRoundsAlone() {
        assertThat(BlockingWork.cpuBody(10)).isEqualTo(BlockingWork.cpuBody(10))
                .startsWith("cpu n=10 result=").endsWith("\n").doesNotContain("micros");
        assertThat(BlockingWork.cpuBody(0)).isEqualTo("cpu n=0 result=" + Long.toHexString(0x9E3779B97F4A7C15L) + "\n");
        assertThat(BlockingWork.cpuBody(1)).isNotEqualTo(BlockingWork.cpuBody(2));
    }
}
