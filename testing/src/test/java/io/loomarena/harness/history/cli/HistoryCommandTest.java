package io.loomarena.harness.history.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.loomarena.harness.history.Direction;
import io.loomarena.harness.history.FakeHistoryStore;
import io.loomarena.harness.history.JdbcHistoryStore;
import io.loomarena.harness.history.RunRow;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.summary.SummaryFixtures;
import io.loomarena.harness.summary.SummaryStore;

/** The {@code history} command on an in-memory history: what it prints, its exit codes, and bad input. */
class HistoryCommandTest {

    private static final String COMMIT_A = "aaaaaaaaaaaaaaaa1111111111111111aaaaaaaa";
    private static final String COMMIT_B = "bbbbbbbbbbbbbbbb2222222222222222bbbbbbbb";
    private static final SeriesKey THROUGHPUT = new SeriesKey("tb1", "echo", "VIRTUAL_SERVER+VIRTUAL_CLIENT",
            "throughput", Direction.HIGHER_IS_BETTER, "msg/s");
    private static final SeriesKey P99 = new SeriesKey("tb1", "echo", "VIRTUAL_SERVER+VIRTUAL_CLIENT", "p99",
            Direction.LOWER_IS_BETTER, "us");

    private FakeHistoryStore store;
    private final List<String> opened = new ArrayList<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void history() {
        store = new FakeHistoryStore();
        Instant t0 = Instant.parse("2026-01-01T10:00:00Z");
        RunRow first = store.addRun(COMMIT_A, t0, "echo", "tb1");
        RunRow second = store.addRun(COMMIT_B, t0.plusSeconds(3600), "echo", "tb1");
        store.addPoint(THROUGHPUT, first, 1, 100_000);
        store.addPoint(THROUGHPUT, first, 2, 101_000);
        store.addPoint(THROUGHPUT, second, 1, 90_000);
        store.addPoint(P99, first, 1, 250);
        store.addSummaries(first, List.of(SummaryFixtures.summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                SummaryFixtures.workload(20), 10, 11, 12)));
    }

    private int run(String... args) {
        return HistoryCommand.execute(new PrintWriter(out), new PrintWriter(err), (setting, results) -> {
            opened.add(setting + " " + results);
            return Optional.of(store);
        }, args);
    }

    private List<String> outLines() {
        return out.toString().lines().toList();
    }

    private void assertBadArgument(int exit, String message) {
        assertThat(exit).isEqualTo(HistoryCommand.EXIT_BAD_ARGUMENTS);
        assertThat(err.toString().lines().toList()).hasSize(2);
        assertThat(err.toString().lines().findFirst().orElseThrow()).contains(message);
        assertThat(err.toString()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void runsListsEveryRunWithItsExclusionAndClosesTheHistory() {
        store.exclude(2, "a neighbour took the CPU");

        int exit = run("runs");

        assertThat(exit).isZero();
        assertThat(outLines()).hasSize(3);
        assertThat(outLines().get(0)).startsWith("id").contains("commit", "dirty", "branch", "suite", "testbed",
                "start", "excluded");
        assertThat(outLines().get(1)).startsWith("1 ").contains("aaaaaaaaaaaa", "no", "main", "echo", "tb1",
                "2026-01-01T10:00:00Z").doesNotContain("neighbour");
        assertThat(outLines().get(2)).startsWith("2 ").contains("bbbbbbbbbbbb").endsWith("a neighbour took the CPU");
        assertThat(store.isClosed()).isTrue();
        assertThat(opened).containsExactly("null target-results");
    }

    @Test
    void theHistoryAndResultsOptionsReachTheOpenerBeforeOrAfterTheSubcommand() {
        assertThat(run("--history", "my.sqlite", "runs")).isZero();
        assertThat(run("testbeds", "--history", "jdbc:postgresql://db/h", "--results", "elsewhere")).isZero();

        assertThat(opened).containsExactly("my.sqlite target-results", "jdbc:postgresql://db/h elsewhere");
        assertThat(outLines()).anyMatch(line -> line.startsWith("tb1") && line.contains("cpu=tb1"));
    }

    @Test
    void seriesListsEachWithItsPointCount() {
        assertThat(run("series")).isZero();

        assertThat(outLines()).containsExactly(
                "points  better             unit          series",
                "3       higher is better   msg/s         echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb1",
                "1       lower is better    us            echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/p99@tb1");
    }

    @Test
    void showPrintsThePointsTheirSegmentsAndTheChangePoints() {
        assertThat(run("show", "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput")).isZero();

        List<String> lines = outLines();
        assertThat(lines.get(0)).isEqualTo("series echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb1 (msg/s, higher"
                + " is better), 3 points");
        assertThat(lines.subList(2, 5)).allMatch(line -> line.endsWith(" 1"));
        assertThat(lines.get(2)).startsWith("1 ").contains("aaaaaaaaaaaa", "100000");
        assertThat(lines.get(4)).startsWith("2 ").contains("bbbbbbbbbbbb", "90000");
        assertThat(lines).anyMatch(line -> line.startsWith("segment 1: points 1..3"));
    }

    @Test
    void anUnknownOrAmbiguousSeriesIsABadArgument() {
        assertBadArgument(run("show", "echo/NOPE/throughput"), "history show: no series 'echo/NOPE/throughput'");

        store.addPoint(new SeriesKey("tb2", "echo", "VIRTUAL_SERVER+VIRTUAL_CLIENT", "throughput",
                Direction.HIGHER_IS_BETTER, "msg/s"), store.addRun(COMMIT_B, Instant.now(), "echo", "tb2"), 1, 5);
        err.getBuffer().setLength(0);
        assertBadArgument(run("show", "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput"),
                "is on 2 testbeds (tb1, tb2): add @<testbed>");
        assertThat(run("show", "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb2")).isZero();
    }

    @Test
    void excludeLeavesTheRunOutOfEverySeriesWithItsReason() {
        assertThat(run("exclude", "2", "--reason", "noisy neighbour")).isZero();

        assertThat(outLines()).containsExactly("excluded run 2 (bbbbbbbbbbbb, echo): noisy neighbour");
        assertThat(store.runs().get(1).excluded()).contains("noisy neighbour");
        assertThat(store.points(THROUGHPUT)).hasSize(2);
    }

    @Test
    void excludingAnUnknownRunOrWithoutAReasonIsABadArgument() {
        assertBadArgument(run("exclude", "99", "--reason", "x"), "history exclude: no run 99 in memory (test)"
                + " (runs 1..2)");
        err.getBuffer().setLength(0);
        assertBadArgument(run("exclude", "2"), "history exclude: missing --reason");
        err.getBuffer().setLength(0);
        assertBadArgument(run("exclude", "two", "--reason", "x"), "history exclude:");
        assertThat(store.runs()).allMatch(r -> r.excluded().isEmpty());
    }

    @Test
    void acknowledgeTakesACommitPrefixAndKeepsTheMark() {
        assertThat(run("acknowledge", "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb1", "bbbbbbb",
                "--reason", "the new parser, expected")).isZero();

        assertThat(store.acknowledged(THROUGHPUT, COMMIT_B)).isTrue();
        assertThat(outLines()).containsExactly("acknowledged the change of "
                + "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb1 at bbbbbbbbbbbb: the new parser, expected");
    }

    @Test
    void acknowledgingACommitTheSeriesDoesNotHaveIsABadArgument() {
        assertBadArgument(run("acknowledge", "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput", "cccc",
                "--reason", "x"), "no point of echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb1 match commit 'cccc'");
        assertThat(store.acknowledged(THROUGHPUT, COMMIT_B)).isFalse();
    }

    @Test
    void importNeedsAFolder(@TempDir Path dir) throws IOException {
        assertBadArgument(run("import", dir.resolve("missing").toString()), "history import: no results folder");
        Path file = Files.writeString(dir.resolve("file.json"), "{}");
        err.getBuffer().setLength(0);
        assertBadArgument(run("import", file.toString()), "(it is a file)");
    }

    @Test
    void importRecordsAResultsFolderOnceAndSaysSo(@TempDir Path dir) {
        Path results = dir.resolve("target-results");
        new SummaryStore(results).write(SummaryFixtures.summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                SummaryFixtures.workload(20), 10, 11, 12));
        Path file = dir.resolve("history.sqlite");
        StoreOpener sqlite = (setting, folder) -> Optional.of(JdbcHistoryStore.sqlite(file));

        int first = HistoryCommand.execute(new PrintWriter(out), new PrintWriter(err), sqlite, "import",
                results.toString(), "--repository", dir.toString());
        int second = HistoryCommand.execute(new PrintWriter(out), new PrintWriter(err), sqlite, "import",
                results.toString(), "--repository", dir.toString());

        assertThat(first).isZero();
        assertThat(second).isZero();
        assertThat(err.toString()).isEmpty();
        assertThat(outLines()).filteredOn(line -> line.matches("\\[PERF]\\[HISTORY] imported \\d+ runs? from .*"))
                .satisfiesExactly(
                        line -> assertThat(line).startsWith("[PERF][HISTORY] imported 1 run from"),
                        line -> assertThat(line).startsWith("[PERF][HISTORY] imported 0 runs")
                                .endsWith(", 1 already there"));
        try (JdbcHistoryStore reopened = JdbcHistoryStore.sqlite(file)) {
            assertThat(reopened.runs()).singleElement().satisfies(run -> assertThat(run.suite()).isEqualTo("echo"));
        }
    }

    @Test
    void pruneKeepsTheNewestRunsSummariesAndSaysHowManyLostTheirs(@TempDir Path dir) {
        Path results = dir.resolve("target-results");
        Path file = dir.resolve("history.sqlite");
        StoreOpener sqlite = (setting, folder) -> Optional.of(JdbcHistoryStore.sqlite(file));
        for (int run = 0; run < 3; run++) {
            new SummaryStore(results.resolve(String.valueOf(run))).write(SummaryFixtures.summary("echo", "msg",
                    "VIRTUAL_SERVER", "VIRTUAL_CLIENT", SummaryFixtures.workload(20), 10 + run, 11, 12));
            assertThat(HistoryCommand.execute(new PrintWriter(out), new PrintWriter(err), sqlite, "import",
                    results.resolve(String.valueOf(run)).toString(), "--repository", dir.toString())).isZero();
        }
        out.getBuffer().setLength(0);

        int exit = HistoryCommand.execute(new PrintWriter(out), new PrintWriter(err), sqlite, "prune",
                "--keep-summaries", "1");

        assertThat(exit).isZero();
        assertThat(outLines()).singleElement().asString().startsWith("pruned the summaries of 2 runs from ");
        assertBadArgument(HistoryCommand.execute(new PrintWriter(out), new PrintWriter(err), sqlite, "prune",
                "--keep-summaries", "-1"), "invalid --keep-summaries '-1'");
    }

    @Test
    void gateSaysNoVerdictOnTooFewRunsAndFailsOnlyWhenAskedTo() {
        assertThat(run("gate", "--suite", "echo")).isZero();
        assertThat(outLines()).anyMatch(line -> line.startsWith("[PERF][HISTORY][GATE] NO VERDICT"));

        out.getBuffer().setLength(0);
        assertThat(run("gate", "--suite", "echo", "--no-verdict", "fail")).isEqualTo(HistoryCommand.EXIT_FAILED);
        assertThat(outLines()).anyMatch(line -> line.startsWith("[PERF][HISTORY][GATE] NO VERDICT"));
    }

    @Test
    void gateBadInputIsOneLineAndExitTwo() {
        assertBadArgument(run("gate"), "--suite");
        err.getBuffer().setLength(0);
        assertBadArgument(run("gate", "--suite", "echo", "--tolerance", "1.5"), "invalid --tolerance '1.5'");
        err.getBuffer().setLength(0);
        assertBadArgument(run("gate", "--suite", "echo", "--no-verdict", "maybe"), "invalid --no-verdict 'maybe'");
    }

    @Test
    void exportWritesARunAsJmhJsonOrBmfOnStandardOutput() throws IOException {
        assertThat(run("export", "--run", "1", "--format", "jmh")).isZero();
        JsonNode jmh = new ObjectMapper().readTree(out.toString());
        assertThat(jmh.get(0).get("benchmark").asText()).isEqualTo("io.loomarena.echo.VIRTUAL_SERVER+VIRTUAL_CLIENT");

        out.getBuffer().setLength(0);
        assertThat(run("export", "--run", "1", "--format", "BMF")).isZero();
        JsonNode bmf = new ObjectMapper().readTree(out.toString());
        assertThat(bmf.get("io.loomarena.echo.VIRTUAL_SERVER+VIRTUAL_CLIENT").has("throughput")).isTrue();
    }

    @Test
    void exportWritesASeriesAsCsvIntoAFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("out/series.csv");

        assertThat(run("export", "--format", "csv", "--series", "echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput",
                "--out", file.toString())).isZero();

        assertThat(outLines()).containsExactly("wrote " + file);
        List<String> csv = Files.readAllLines(file);
        assertThat(csv).hasSize(4);
        assertThat(csv.get(0)).startsWith("series,unit,run,commit");
        assertThat(csv.get(3)).contains(",2," + COMMIT_B + ",");
    }

    @Test
    void exportBadInputIsOneLineAndExitTwo() {
        assertBadArgument(run("export", "--run", "1", "--format", "xml"), "history export:");
        assertThat(err.toString()).contains("xml");
        err.getBuffer().setLength(0);
        assertBadArgument(run("export", "--format", "jmh"), "history export: --format jmh needs --run <run>");
        err.getBuffer().setLength(0);
        assertBadArgument(run("export", "--format", "csv"), "history export: --format csv needs --series <series>");
        err.getBuffer().setLength(0);
        assertBadArgument(run("export", "--run", "7", "--format", "bmf"), "history export: no run 7");
        err.getBuffer().setLength(0);
        assertBadArgument(run("export", "--format", "csv", "--series", "nope"), "history export: no series 'nope'");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void exportingARunWithoutSummariesFails() {
        assertThat(run("export", "--run", "2", "--format", "jmh")).isEqualTo(HistoryCommand.EXIT_FAILED);
        assertThat(err.toString().lines().toList())
                .containsExactly("history export failed: run 2 recorded no summary to export");
    }

    @Test
    void offAndAMissingSubcommandAreBadArguments() {
        assertBadArgument(run("--history", "off", "runs"), "history runs: --history off names no history to read");
        err.getBuffer().setLength(0);
        assertBadArgument(run("series", "--history", "OFF"), "--history off");
        err.getBuffer().setLength(0);
        assertBadArgument(run(), "history: a subcommand is required");
        assertThat(opened).isEmpty();
    }

    @Test
    void anOpenerThatFindsNoHistoryIsABadArgumentNamingIt() {
        int exit = HistoryCommand.execute(new PrintWriter(out), new PrintWriter(err),
                (setting, results) -> Optional.empty(), "--results", "elsewhere", "runs");

        assertBadArgument(exit, "history runs: no history at " + Path.of("elsewhere", "history.sqlite"));
    }

    @Test
    void aHistoryThatCannotBeOpenedIsOneLineAndExitOne() {
        int exit = HistoryCommand.execute(new PrintWriter(out), new PrintWriter(err), (setting, results) -> {
            throw new IllegalStateException("target-results/history.sqlite is not a loom-arena history\n(detail)");
        }, "runs");

        assertThat(exit).isEqualTo(HistoryCommand.EXIT_FAILED);
        assertThat(err.toString().lines().toList())
                .containsExactly("history runs failed: target-results/history.sqlite is not a loom-arena history");
    }
}
