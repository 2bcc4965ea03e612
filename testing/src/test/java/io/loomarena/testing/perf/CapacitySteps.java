package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.capacity.CapacityKnownAnswer;
import io.loomarena.harness.capacity.KneeMove;
import io.loomarena.harness.capacity.CapacityNoVerdict;
import io.loomarena.harness.capacity.CapacityPlan;
import io.loomarena.harness.capacity.CapacityRanking;
import io.loomarena.harness.capacity.CapacityRun;
import io.loomarena.harness.capacity.CapacitySummary;
import io.loomarena.harness.capacity.LatencyObjective;
import io.loomarena.harness.capacity.SearchSettings;
import io.loomarena.harness.history.HistoryRecorder;
import io.loomarena.harness.history.change.HistoryLines;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.model.ClientModel;
import io.loomarena.testing.db.DatabaseContext;

/** Thin steps for the capacity searches: they hand the feature's words to {@link CapacityRun} and read its summaries. */
public final class CapacitySteps {

    private final BenchmarkContext context;
    private final DatabaseContext database;
    private String path;
    private int connections;
    private boolean keepAlive;
    private LatencyObjective objective;
    private SearchSettings search;
    private CapacitySummary searched;
    private List<String> ranked;

    public CapacitySteps(BenchmarkContext context, DatabaseContext database) {
        this.context = context;
        this.database = database;
    }

    @Given("a capacity search of {string} over {int} connections, one connection per request")
    public void oneConnectionPerRequest(String searchedPath, int count) {
        path = searchedPath;
        connections = count;
        keepAlive = false;
    }

    @Given("a capacity search of {string} over {int} keep-alive connections")
    public void keepAliveConnections(String searchedPath, int count) {
        path = searchedPath;
        connections = count;
        keepAlive = true;
    }

    @Given("the latency objective {string}")
    public void theObjective(String text) {
        objective = LatencyObjective.parse(text);
    }

    @Given("the rate starts at {int} req\\/s, grows {double} times while the objective holds, then is bisected to"
            + " {int}%, up to {int} req\\/s, for at most {int} minute(s) per combination")
    public void theStepping(int start, double growth, int resolutionPercent, int ceiling, int minutes) {
        search = SearchSettings.of(start, growth, resolutionPercent / 100.0, ceiling, Duration.ofMinutes(minutes));
    }

    @Given("the rate starts at {int} req\\/s, grows {double} times while the objective holds, then is bisected to"
            + " {int}%, up to {int} req\\/s, for at most {int} second(s) per combination")
    public void theSteppingInSeconds(int start, double growth, int resolutionPercent, int ceiling, int seconds) {
        search = SearchSettings.of(start, growth, resolutionPercent / 100.0, ceiling, Duration.ofSeconds(seconds));
    }

    @When("the capacity of {string} against the {word} client is searched")
    public void theCapacityIsSearched(String server, String client) {
        CapacityPlan plan = new CapacityPlan(path, connections, keepAlive, HttpServerSetup.parse(server),
                ClientModel.parse(client), objective, search);
        searched = CapacityRun.search(plan, context.settings, context.deployment(), System.out);
    }

    @When("the capacity of {string} against the {word} client is searched with a database pool of {int}")
    public void theCapacityIsSearchedWithADatabase(String server, String client, int pool) {
        CapacityPlan plan = new CapacityPlan(path, connections, keepAlive, HttpServerSetup.parse(server),
                ClientModel.parse(client), objective, search, database.fixture().serverOptions(pool));
        searched = CapacityRun.search(plan, context.settings, context.deployment(), System.out);
    }

    @Then("every step is kept in the combination's capacity summary, and the search found a sustained rate")
    public void everyStepKept() {
        assertThat(CapacitySummary.readAll(context.settings.resultsDir()))
                .filteredOn(s -> s.combination().equals(searched.combination())).singleElement()
                .satisfies(s -> assertThat(s.steps()).hasSameSizeAs(searched.steps()).isNotEmpty());
        assertThat(searched.finding().badInput()).as(searched.combination() + ": " + searched.message()).isFalse();
    }

    @Then("the search stops on a bad input with one line starting {string}, its {int} step(s) kept in the summary")
    public void theSearchStops(String start, int steps) {
        theSearchStops(start, "", steps);
    }

    /** A line that also names a value as the harness writes it (a time bound), which the feature need not repeat. */
    @Then("the search stops on a bad input with one line starting {string} and saying {string}, its {int} step(s)"
            + " kept in the summary")
    public void theSearchStops(String start, String saying, int steps) {
        assertThat(searched.finding().badInput()).as(searched.message()).isTrue();
        assertThat(searched.message()).startsWith(start).contains(saying).doesNotContain("\n");
        assertThat(CapacitySummary.readAll(context.settings.resultsDir()))
                .filteredOn(s -> s.combination().equals(searched.combination())).singleElement()
                .satisfies(s -> assertThat(s.steps()).hasSize(steps));
    }

    @When("the capacity summaries are ranked")
    public void theSummariesAreRanked() {
        ranked = CapacityRanking.rankAndWrite(context.settings.resultsDir(), System.out);
        HistoryRecorder.of(context.options, System.out, HistoryLines::afterRun).recordCapacity();
        context.options.noVerdict().settle((int) ranked.stream().filter(l -> l.startsWith(CapacityNoVerdict.PREFIX))
                .count(), "the capacity ranking");
    }

    @Then("there is one [PERF][CAPACITY] line per combination of {string}, highest sustained rate first")
    public void oneLinePerCombination(String rankedPath) {
        List<CapacitySummary> group = ofPath(rankedPath);
        List<String> lines = ranked.stream().filter(l -> l.startsWith("[PERF][CAPACITY] ")).filter(l -> group.stream()
                .anyMatch(s -> l.contains(" " + s.combination() + " ") || l.contains(" " + s.combination() + ":")))
                .toList();
        assertThat(lines).hasSameSizeAs(group);
        List<Double> order = CapacityRanking.rank(group).stream().map(r -> r.summary().sustainedRate()).toList();
        assertThat(order).isSortedAccordingTo((a, b) -> Double.compare(b, a));
    }

    @Then("the sustained rate of {string} on {string} is within {int}% of {int} threads each holding a request"
            + " {int} ms")
    public void theKnownAnswer(String server, String searchedPath, int percent, int threads, int millis) {
        new CapacityKnownAnswer(threads, millis, percent / 100.0).problem(summaryOf(server, searchedPath))
                .ifPresent(why -> fail(why));
    }

    @Then("on {string} the knee of every server with a database pool of {int} is within {int}% of {int} connections"
            + " each holding a request {int} ms")
    public void theDatabaseKnownAnswer(String searchedPath, int pool, int percent, int connectionCount, int millis) {
        List<CapacitySummary> searches = withPool(searchedPath, pool);
        assertThat(searches).as("searches of " + searchedPath + " with a pool of " + pool).isNotEmpty();
        CapacityKnownAnswer answer = new CapacityKnownAnswer(connectionCount, millis, percent / 100.0,
                CapacityKnownAnswer.CONNECTIONS);
        searches.forEach(s -> System.out.println("[CAPACITY] " + answer.holdLine(s)));
        assertThat(searches.stream().flatMap(s -> answer.problem(s).stream()).toList()).isEmpty();
    }

    @Then("on {string} a database pool of {int} moves the knee of every server searched with {int} up at least"
            + " {int} times, or to the machine's own ceiling")
    public void thePoolMovesTheKnee(String searchedPath, int larger, int smaller, int factor) {
        KneeMove move = new KneeMove(factor);
        List<String> problems = new java.util.ArrayList<>();
        for (CapacitySummary small : withPool(searchedPath, smaller)) {
            String server = small.combination().substring(0, small.combination().indexOf('+'));
            CapacitySummary large = withPool(searchedPath, larger).stream()
                    .filter(s -> s.combination().startsWith(server + "+")).findFirst()
                    .orElseThrow(() -> new AssertionError("no search of " + server + " on " + searchedPath
                            + " with a database pool of " + larger));
            System.out.println(move.line(small, large));
            move.problem(small, large).ifPresent(problems::add);
        }
        assertThat(withPool(searchedPath, smaller)).as("searches with a pool of " + smaller).isNotEmpty();
        assertThat(problems).isEmpty();
    }

    @Then("{string} sustains a higher rate than {string} on {string}")
    public void sustainsMore(String higher, String lower, String searchedPath) {
        CapacitySummary more = summaryOf(higher, searchedPath);
        assertThat(more.sustainedRate()).as(more.combination() + ": " + more.message())
                .isGreaterThanOrEqualTo(Optional.ofNullable(summaryOf(lower, searchedPath).kneeBelow())
                        .orElse(Double.POSITIVE_INFINITY));
    }

    @Then("the latency objective {string} is refused with the line {string}")
    public void theObjectiveIsRefused(String text, String line) {
        assertThatThrownBy(() -> LatencyObjective.parse(text)).hasMessage(line);
    }

    private List<CapacitySummary> ofPath(String rankedPath) {
        return CapacitySummary.readAll(context.settings.resultsDir()).stream()
                .filter(s -> rankedPath.equals(s.workload().get("path"))).toList();
    }

    /** The searches of {@code searchedPath} whose server had a database pool of {@code pool}. */
    private List<CapacitySummary> withPool(String searchedPath, int pool) {
        return ofPath(searchedPath).stream()
                .filter(s -> Integer.valueOf(pool).equals(s.workload().get("dbPoolSize"))).toList();
    }

    private CapacitySummary summaryOf(String server, String searchedPath) {
        String label = HttpServerSetup.parse(server).label() + "+";
        return ofPath(searchedPath).stream().filter(s -> s.combination().startsWith(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no capacity summary of " + server + " on " + searchedPath
                        + " under " + CapacitySummary.folder(context.settings.resultsDir())));
    }
}
