package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.harness.jvm.ServerAxes;
import io.loomarena.harness.report.HtmlReport;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ForkedJvm;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Thin steps of features/jvm/jvm-axes.feature: they set the scenario's own JVM axes and sizes on the shared
 * {@link BenchmarkContext}, which measures every cell as a run with {@code -Dloomarena.jvms} and
 * {@code -Dloomarena.flagSets} does, then check what each cell left.
 */
public final class JvmAxesSteps {

    /** A {@code [PERF][FINAL]} line of a cell: its combination's name carries the cell after an {@code @}. */
    private static final Pattern CELL_LINE = Pattern.compile("^\\[PERF]\\[FINAL] \\d+\\) (\\S+)@(\\S+/\\S+) average: ");

    private final BenchmarkContext context;
    private final List<ServerAxes.ServerJvm> jvms = new ArrayList<>();
    private final List<JavaRuntime> runtimes = new ArrayList<>();
    private List<BenchmarkPlan> plans = List.of();

    public JvmAxesSteps(BenchmarkContext context) {
        this.context = context;
    }

    @Given("the server JVMs {word}, the JDK 21 the project installs, and {word}, the java running the tests")
    public void theServerJvms(String jdk21, String jdk25) {
        for (String[] jdk : List.of(new String[] {jdk21, "21"}, new String[] {jdk25, "25"})) {
            JavaRuntime runtime = Skipping.unlessNothingToDo(() -> context.options.jdks().jdk(jdk[1]));
            runtimes.add(runtime);
            jvms.add(new ServerAxes.ServerJvm(jdk[0], runtime.binary()));
        }
    }

    @Given("the flag sets {word}, with no flags, and {word}, with {string}")
    public void theFlagSets(String none, String name, String flags) {
        context.axes = new ServerAxes(jvms, List.of(new ServerAxes.FlagSet(none, List.of()),
                ServerAxes.parseFlagSets(name + "=" + flags).get(0)));
        context.cellsRoot = context.settings.resultsDir().resolve("jvm-axes");
    }

    @Given("one fork of one warmup iteration and one measured iteration")
    public void oneForkOfOneIteration() {
        context.settings = context.settings.withIterations(1, 1, 1);
    }

    @Given("every combination of the HTTP {word} suite sends {long} requests to {string} over {int} connections,"
            + " one connection per request")
    public void everyCombination(String suite, long requests, String path, int connections) {
        HttpSuite chosen = HttpSuite.of(suite);
        HttpWorkload workload = HttpWorkload.closed(path, connections, requests, false);
        context.use(chosen, (server, client) -> chosen.plan(server, client, workload));
        plans = chosen.plans(workload);
    }

    @When("they are measured in every cell")
    public void measuredInEveryCell() {
        context.measureEvery(plans);
    }

    @Then("each cell's summaries record the server's JVM version, vendor and flags, and the clients on the default JVM")
    public void eachCellRecordsItsServerJvm() {
        List<ServerAxes.Cell> cells = context.axes.cells();
        assertThat(cells).hasSize(4);
        for (ServerAxes.Cell cell : cells) {
            SummaryStore store = context.storeOf(cell);
            List<BenchmarkSummary> summaries = store.readSuite(context.suite.folder());
            assertThat(summaries).as("summaries of %s", cell.recorded().label()).hasSize(plans.size());
            JavaRuntime runtime = runtimes.get(jvms.indexOf(cell.jvm()));
            for (BenchmarkSummary summary : summaries) {
                assertThat(summary.environment().serverCell()).isEqualTo(cell.recorded());
                ForkedJvm server = summary.environment().serverJvm();
                assertThat(server.binary()).isEqualTo(runtime.binary().toString());
                assertThat(server.version()).isEqualTo(runtime.version());
                assertThat(server.vendor()).isEqualTo(runtime.vendor()).isNotEqualTo("unknown");
                assertThat(server.flags()).containsSequence(context.settings.jvmArgs())
                        .endsWith(cell.flagSet().flags().toArray(String[]::new));
                assertThat(summary.environment().clientJvms()).isNotEmpty().allSatisfy(client -> {
                    assertThat(client.binary()).isEqualTo(context.settings.jvm().javaBinary().toString());
                    assertThat(client.flags()).isEqualTo(context.settings.jvmArgs());
                });
            }
        }
    }

    @Then("there is one ranking per cell, whose [PERF][FINAL] lines name the cell after each combination")
    public void oneRankingPerCell() {
        List<ServerAxes.Cell> cells = context.axes.cells();
        assertThat(context.ranking.console()).contains("ranked per cell of the server's JVM axes, "
                + context.axes.describe());
        for (ServerAxes.Cell cell : cells) {
            String label = cell.recorded().label();
            assertThat(context.ranking.groups()).filteredOn(group -> group.suite().contains(
                    " on server JVM " + cell.jvm().name() + " with flag set " + cell.flagSet().name()))
                    .as("the ranking of %s", label).hasSize(1);
            assertThat(context.ranking.finalLines()).filteredOn(line -> line.contains("@" + label + " average: "))
                    .as("[PERF][FINAL] lines of %s", label).hasSize(plans.size());
        }
        assertThat(context.ranking.finalLines()).hasSize(cells.size() * plans.size())
                .allMatch(line -> CELL_LINE.matcher(line).find(), "names its cell after the combination");
    }

    @Then("the report shows the grid of every combination x JVM x flag set, each with its interval")
    public void theReportShowsTheGrid() throws java.io.IOException {
        Path html = HtmlReport.write(context.cellsRoot);
        String page = Files.readString(html);
        assertThat(page).contains("model x JVM x flag set");
        for (ServerAxes.Cell cell : context.axes.cells()) {
            assertThat(page).contains("<th>" + cell.recorded().label() + "<br>");
        }
        for (BenchmarkPlan each : plans) {
            String row = page.substring(page.indexOf("<tr><td>" + each.combination() + "</td>"));
            row = row.substring(0, row.indexOf("</tr>"));
            assertThat(Pattern.compile("<td class=\"n\">[0-9,.]+ \\S+/s \\([0-9,.]+–[0-9,.∞]+\\)</td>")
                    .matcher(row).results().count()).as("grid cells of %s: %s", each.combination(), row)
                    .isEqualTo(context.axes.cells().size());
        }
    }
}
