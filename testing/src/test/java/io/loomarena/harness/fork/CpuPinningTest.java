package io.loomarena.harness.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class CpuPinningTest {

    private static final Optional<Path> TASKSET = Optional.of(Path.of("/usr/bin/taskset"));

    @Test
    void parsesLinuxCpuLists() {
        assertThat(CpuPinning.parseCpuList("0-1")).containsExactly(0, 1);
        assertThat(CpuPinning.parseCpuList(" 0,2-4,7\n")).containsExactly(0, 2, 3, 4, 7);
        assertThat(CpuPinning.parseCpuList("3")).containsExactly(3);
    }

    @Test
    void pinsServerToTheFirstAllowedCpuAndClientToTheSecond() {
        CpuPinning pinning = CpuPinning.decide(TASKSET, List.of(2, 3, 5));

        assertThat(pinning.applied()).isTrue();
        assertThat(pinning.prefix(CpuPinning.Role.SERVER)).containsExactly("/usr/bin/taskset", "-c", "2");
        assertThat(pinning.prefix(CpuPinning.Role.CLIENT)).containsExactly("/usr/bin/taskset", "-c", "3");
        assertThat(pinning.warning()).isEmpty();
    }

    @Test
    void doesNotPinWithoutTasksetAndSaysWhy() {
        CpuPinning pinning = CpuPinning.decide(Optional.empty(), List.of(0, 1));

        assertThat(pinning.applied()).isFalse();
        assertThat(pinning.prefix(CpuPinning.Role.SERVER)).isEmpty();
        assertThat(pinning.warning()).contains("taskset not found");
    }

    @Test
    void doesNotPinOnOneCpuAndSaysWhy() {
        CpuPinning pinning = CpuPinning.decide(TASKSET, List.of(0));

        assertThat(pinning.applied()).isFalse();
        assertThat(pinning.warning()).contains("only 1 CPU");
    }

    @Test
    void canBeSwitchedOff() {
        assertThat(CpuPinning.detect(false).warning()).contains("disabled");
    }
}
