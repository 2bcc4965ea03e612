package io.loomarena.harness.capacity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.loomarena.harness.summary.ResultFiles;

/**
 * What a capacity search of one combination leaves: {@code target-results/http-capacity/<COMBINATION>.json}, every
 * step kept, also when the search stopped on a bad input (fields: target-results/README.md). Immutable.
 *
 * @param combination   {@code POOL_4_SERVER+VIRTUAL_CLIENT+IO}
 * @param server        the server as on the command line, {@code pool --pool-size 4}
 * @param client        the client model as on the command line
 * @param workload      what every step sent and how the search stepped ({@link CapacityPlan#workload()})
 * @param finding       how the search ended
 * @param sustainedRate the highest offered rate that kept the objective, req/s; 0 when none did
 * @param kneeBelow     the lowest offered rate above it that broke the objective, req/s; null when none did
 * @param sustained     the sustained rate as the ranking writes it ({@code 400 req/s [400, 425)}, {@code >= 1600 ...})
 * @param message       the search's one line: the sustained rate and why, or which bad input stopped it
 * @param steps         every step, in the order run
 * @param environment   the machine while it ran: CPUs, the load average before and after (the machine may be shared),
 *                      the JDK, when it started and how long it took
 */
public record CapacitySummary(String combination, String server, String client, Map<String, Object> workload,
                              Finding finding, double sustainedRate, Double kneeBelow, String sustained,
                              String message, List<CapacityStep> steps, Map<String, Object> environment) {

    public CapacitySummary {
        Objects.requireNonNull(combination, "combination");
        Objects.requireNonNull(finding, "finding");
        workload = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(workload));
        steps = List.copyOf(steps);
        environment = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environment));
    }

    /** The summary of {@code plan}'s search that ended with {@code outcome}. */
    public static CapacitySummary of(CapacityPlan plan, CapacityOutcome outcome, Map<String, Object> environment) {
        return new CapacitySummary(plan.combination(), plan.server().toString(), plan.client().cliName(),
                plan.workload(), outcome.finding(), outcome.low(),
                Double.isInfinite(outcome.high()) ? null : outcome.high(), outcome.sustainedText(), outcome.message(),
                outcome.steps(), environment);
    }

    /** The step at the sustained rate, if any step kept the objective. */
    public java.util.Optional<CapacityStep> sustainedStep() {
        return new CapacityOutcome(finding, sustainedRate, kneeBelow == null ? Double.POSITIVE_INFINITY : kneeBelow,
                message, steps).sustainedStep();
    }

    /** Writes it to {@code <resultsDir>/http-capacity/<combination>.json}; returns the file. */
    public Path write(Path resultsDir) {
        return ResultFiles.writeJson(folder(resultsDir).resolve(combination + ".json"), this);
    }

    /** {@code <resultsDir>/http-capacity}. */
    public static Path folder(Path resultsDir) {
        return resultsDir.resolve(CapacityPlan.FOLDER);
    }

    /** Every capacity summary under {@code resultsDir}, by file name; files that are not one are left out. */
    public static List<CapacitySummary> readAll(Path resultsDir) {
        Path dir = folder(resultsDir);
        List<CapacitySummary> summaries = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return summaries;
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*.json")) {
            stream.forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        files.sort(null);
        for (Path file : files) {
            try {
                summaries.add(ResultFiles.JSON.readValue(file.toFile(), CapacitySummary.class));
            } catch (IOException e) {
                // Not a capacity summary (a half-written file, another tool's JSON): left out, as the report does.
            }
        }
        return summaries;
    }
}
