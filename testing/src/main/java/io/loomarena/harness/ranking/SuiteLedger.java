package io.loomarena.harness.ranking;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.loomarena.harness.NothingToDo;

/**
 * What one test run did to each suite's results folder: which folders it measured and which it failed to rank. A
 * ranking or gate step runs through {@link #summaryStep}, which applies the run's two rules:
 * <ul>
 * <li>a suite this run measured is never skipped: when its summaries are missing or unusable, the step fails, saying
 * that this run measured it (a skip there would hide a failed measurement behind a green build);</li>
 * <li>a folder this run failed to rank fails once: a later step on it in a run that did not measure it is skipped
 * with one line pointing at that failure, so a user who ranks a half-measured folder reads one message.</li>
 * </ul>
 * Mutable and thread-safe: one per test run, kept by the glue for the JVM's lifetime.
 */
public final class SuiteLedger {

    private final Set<Path> measured = ConcurrentHashMap.newKeySet();
    private final Set<Path> failed = ConcurrentHashMap.newKeySet();
    private final Map<Path, Map<String, String>> measurementFailures = new ConcurrentHashMap<>();

    /** Notes that this run measures (or tries to measure) a combination of the suite in {@code suiteDir}. */
    public void measuring(Path suiteDir) {
        measured.add(key(suiteDir));
    }

    /**
     * Notes that this run failed to measure {@code combination} of the suite in {@code suiteDir}, with the first line
     * of why, so that its ranking names the gap with its cause ({@link RankingGaps}).
     */
    public void failedToMeasure(Path suiteDir, String combination, String why) {
        String firstLine = why == null ? "" : why.strip().lines().findFirst().orElse("");
        measurementFailures.computeIfAbsent(key(suiteDir), dir -> new ConcurrentHashMap<>())
                .put(combination, firstLine);
    }

    /** The first line of why each combination of the suite in {@code suiteDir} failed in this run, by combination. */
    public Map<String, String> failures(Path suiteDir) {
        return Map.copyOf(measurementFailures.getOrDefault(key(suiteDir), Map.of()));
    }

    /** Whether this run measured the suite in {@code suiteDir}. */
    public boolean measured(Path suiteDir) {
        return measured.contains(key(suiteDir));
    }

    /**
     * Runs a ranking or gate {@code step} on the suite in {@code suiteDir}.
     *
     * @throws NothingToDo      when the step has nothing to do in a folder this run did not measure, or this run
     *                          already failed to rank that folder
     * @throws RankingException when the step cannot rank the folder, or has nothing to do in a folder this run
     *                          measured
     */
    public <T> T summaryStep(Path suiteDir, Supplier<T> step) {
        Path dir = key(suiteDir);
        boolean ours = measured.contains(dir);
        if (failed.contains(dir)) {
            String line = "[PERF] " + dir.getFileName() + ": not ranked, its summaries in " + dir
                    + " cannot be ranked together (the failure above says why)";
            throw ours ? new RankingException(line + "; this run measured the suite") : new NothingToDo(line);
        }
        try {
            return step.get();
        } catch (RankingException e) {
            failed.add(dir);
            throw e;
        } catch (NothingToDo e) {
            if (!ours) {
                throw e;
            }
            failed.add(dir);
            throw new RankingException(e.getMessage() + ", but this run measured " + dir.getFileName()
                    + ": a measurement of it failed or wrote another workload (see above); not skipped");
        }
    }

    private static Path key(Path suiteDir) {
        return suiteDir.toAbsolutePath().normalize();
    }
}
