package io.loomarena.harness.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.loomarena.harness.summary.ResultFiles;

/**
 * Keeps one JSON file per {@code @Reliability} case under {@code <results>/reliability/cases/} (so that cases run by
 * different tags in different Maven runs add up) and writes {@code <results>/reliability.md} from all of them: cases
 * tried, cases passed, and every figure measured. Thread-safe: files are replaced atomically.
 */
public final class ReliabilityReport {

    private final Path resultsDir;

    public ReliabilityReport(Path resultsDir) {
        this.resultsDir = resultsDir.toAbsolutePath().normalize();
    }

    public Path casesDir() {
        return resultsDir.resolve("reliability").resolve("cases");
    }

    public Path reportFile() {
        return resultsDir.resolve("reliability.md");
    }

    /** Persists (replaces) one case's outcome and returns its file. */
    public Path record(ReliabilityCase outcome) {
        return ResultFiles.writeJson(casesDir().resolve(slug(outcome.feature() + "--" + outcome.name()) + ".json"),
                outcome);
    }

    /** Every persisted case, by feature then name. */
    public List<ReliabilityCase> cases() {
        if (!Files.isDirectory(casesDir())) {
            return List.of();
        }
        List<ReliabilityCase> cases = new ArrayList<>();
        try (Stream<Path> files = Files.list(casesDir())) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                cases.add(ResultFiles.JSON.readValue(file.toFile(), ReliabilityCase.class));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read reliability cases in " + casesDir() + ": " + e.getMessage(), e);
        }
        cases.sort(Comparator.comparing(ReliabilityCase::feature).thenComparing(ReliabilityCase::name));
        return cases;
    }

    /** Writes {@code reliability.md} from every persisted case and returns it. */
    public Path write() {
        List<ReliabilityCase> cases = cases();
        long passed = cases.stream().filter(ReliabilityCase::passed).count();
        StringBuilder md = new StringBuilder();
        md.append("# Reliability cases\n\n");
        md.append("Written by the test run from `target-results/reliability/cases/` (one file per `@Reliability` "
                + "scenario, kept across runs so that cases run by different tags add up).\n\n");
        md.append(String.format(Locale.ROOT, "Cases tried: %d, passed: %d, not passed: %d.%n%n", cases.size(), passed,
                cases.size() - passed));
        md.append("| feature | case | status | figures | finished (UTC) |\n|---|---|---|---|---|\n");
        for (ReliabilityCase c : cases) {
            String figures = c.figures().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining("; "));
            md.append("| ").append(cell(c.feature())).append(" | ").append(cell(c.name())).append(" | ")
                    .append(c.status()).append(" | ").append(cell(figures)).append(" | ")
                    .append(c.finished()).append(" |\n");
        }
        return ResultFiles.writeText(reportFile(), md.toString());
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    static String slug(String text) {
        String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        // Long names are cut, and a hash of the whole text keeps two names that share their first 100 characters apart.
        return slug.length() <= 120 ? slug
                : slug.substring(0, 100) + "-" + Integer.toHexString(text.hashCode());
    }
}
