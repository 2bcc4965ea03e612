package io.loomarena.harness.capacity;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.session.Deployment;

/**
 * Searches one combination's capacity end to end: the {@link CapacitySearch} over {@link HttpCapacitySteps}, its
 * summary written with every step (also when it stopped on a bad input), and one {@code [CAPACITY]} line saying how
 * it ended. Stateless.
 */
public final class CapacityRun {

    private CapacityRun() {
    }

    /** Searches {@code plan}, writes its summary under the settings' results folder and returns it. */
    public static CapacitySummary search(CapacityPlan plan, HarnessSettings settings, Deployment deployment,
                                         PrintStream out) {
        out.println("[CAPACITY] " + plan.combination() + ": searching " + plan.path() + " under \"" + plan.objective()
                + "\" from " + (long) plan.search().startRate() + " req/s, x" + plan.search().growth()
                + " while kept, bisecting to " + Math.round(plan.search().resolution() * 100) + "%, at most "
                + (long) plan.search().ceiling() + " req/s and " + plan.search().timeBound());
        Map<String, Object> environment = new LinkedHashMap<>();
        environment.put("cpus", Runtime.getRuntime().availableProcessors());
        environment.put("loadAverageBefore", loadAverage());
        environment.put("jdk", Runtime.version().toString());
        Instant start = Instant.now();
        environment.put("startedAt", start.toString());
        CapacityOutcome outcome = new CapacitySearch(plan.search(), new HttpCapacitySteps(plan, settings, deployment,
                out), System::nanoTime).run();
        environment.put("loadAverageAfter", loadAverage());
        environment.put("seconds", Duration.between(start, Instant.now()).toSeconds());
        CapacitySummary summary = CapacitySummary.of(plan, outcome, environment);
        summary.write(settings.resultsDir());
        out.println("[CAPACITY] " + plan.combination() + ": " + (outcome.finding().badInput() ? "stopped: " : "")
                + outcome.message() + " (" + outcome.steps().size() + " steps, summary in "
                + CapacityPlan.FOLDER + "/)");
        return summary;
    }

    /** The one-minute load average, or -1 where the OS does not give it: the machine may be shared. */
    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
