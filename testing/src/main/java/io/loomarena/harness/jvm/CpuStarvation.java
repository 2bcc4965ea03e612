package io.loomarena.harness.jvm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.JavaRuntime;

/**
 * The pitfall "CPU-bound requests starve the scheduler": {@code cpuLoops} loops spinning {@code cpuMillis} each,
 * never blocking, on virtual threads or (the contrast) on platform threads, while short requests arrive on virtual
 * threads one every {@code intervalMicros}, with the scheduler's parallelism fixed; in a fresh JVM of the JDK. The
 * virtual scheduler does not preempt on JDK 21 or 25: when the loops are virtual and at least as many as the
 * carriers, the first request cannot run before a loop ends, so it waits at least what was left of that loop when it
 * arrived. That is asserted; every other figure (p99 and max wait, and the platform contrast, which the OS
 * time-slices) is printed only. Immutable.
 *
 * @param cpuLoops       CPU-bound loops, started together
 * @param cpuMillis      how long each spins
 * @param shortRequests  short requests, one every {@code intervalMicros}
 * @param intervalMicros time between two requests' starts
 * @param cpuOnVirtual   the loops on virtual threads (else on platform threads)
 * @param parallelism    {@code -Djdk.virtualThreadScheduler.parallelism}: the carriers
 */
public record CpuStarvation(int cpuLoops, int cpuMillis, int shortRequests, int intervalMicros, boolean cpuOnVirtual,
                            int parallelism) {

    private static final String NAME = "cpu-bound";

    public CpuStarvation {
        if (cpuLoops < 1 || cpuMillis < 1 || shortRequests < 1 || intervalMicros < 1 || parallelism < 1) {
            throw new HarnessException("CPU starvation needs loops, spin time, requests, interval and parallelism"
                    + " >= 1, got " + cpuLoops + ", " + cpuMillis + " ms, " + shortRequests + ", " + intervalMicros
                    + " us, " + parallelism);
        }
    }

    /** Runs it on {@code jdk}, its recording kept in {@code folder}. */
    public Result runOn(JavaRuntime jdk, HarnessSettings harness, Path folder) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("cpuLoops", cpuLoops);
        settings.put("cpuMillis", cpuMillis);
        settings.put("shortRequests", shortRequests);
        settings.put("intervalMicros", intervalMicros);
        settings.put("cpuOn", cpuOnVirtual ? "virtual" : "platform");
        PitfallRun.Outcome outcome = PitfallRun.run(jdk, harness, NAME + "-" + settings.get("cpuOn"), NAME, settings,
                List.of("-Djdk.virtualThreadScheduler.parallelism=" + parallelism), folder,
                Duration.ofMillis((long) cpuLoops * cpuMillis).plusSeconds(60));
        return new Result(this, outcome);
    }

    /**
     * One run's figures and what is wrong with it.
     *
     * @param pitfall what ran
     * @param outcome what the program and JFR reported
     */
    public record Result(CpuStarvation pitfall, PitfallRun.Outcome outcome) implements PitfallResult {

        /** Whether the loops held every carrier: virtual, and at least one per carrier. */
        public boolean loopsHoldEveryCarrier() {
            return pitfall.cpuOnVirtual() && pitfall.cpuLoops() >= outcome.number("carriers");
        }

        /** Loops holding every carrier: the first request waited at least what was left of the first loop. */
        @Override
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            if (loopsHoldEveryCarrier() && outcome.number("firstWaitNanos") < outcome.number("sliceLeftNanos")) {
                wrong.add(String.format(Locale.ROOT, "the first short request waited %.1f ms, under the %.1f ms left"
                                + " of a CPU-bound loop holding the only carriers: something preempted it",
                        outcome.number("firstWaitNanos") / 1e6, outcome.number("sliceLeftNanos") / 1e6));
            }
            return wrong;
        }

        @Override
        public String line() {
            JavaRuntime jdk = outcome.jdk();
            return String.format(Locale.ROOT, "[JVM] %s on JDK %s (%s): %d CPU-bound loops of %d ms on %s threads,"
                            + " parallelism %d, %d short requests one every %d us on virtual threads: first waited"
                            + " %.1f ms (%.1f ms of a loop left), p99 wait %.2f ms, max %.2f ms%s",
                    NAME, jdk.version(), jdk.vendor(), pitfall.cpuLoops(), pitfall.cpuMillis(),
                    pitfall.cpuOnVirtual() ? "virtual" : "platform", pitfall.parallelism(), pitfall.shortRequests(),
                    pitfall.intervalMicros(), outcome.number("firstWaitNanos") / 1e6,
                    outcome.number("sliceLeftNanos") / 1e6, outcome.number("p99WaitNanos") / 1e6,
                    outcome.number("maxWaitNanos") / 1e6,
                    loopsHoldEveryCarrier() ? "; the loops hold every carrier" : "");
        }
    }
}
