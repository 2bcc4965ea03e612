package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;

import io.loomarena.cli.BadArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.loomarena.measure.IterationLoop;
import io.loomarena.model.ClientModel;

/** Turning the {@code load} command line into a {@link LoadConfig}, and the one-line messages for bad values. */
class LoadArgumentsTest {

    private static final String URL = "http://127.0.0.1:8010/ping";

    private static LoadArguments args(String client, String url, String connections, String requests,
                                      String duration, String rate, String ramp) {
        return new LoadArguments(client, url, connections, requests, duration, rate, ramp, false, null, null,
                false, false, List.of());
    }

    @Test
    void closedModelWithRequests() {
        LoadConfig config = args("virtual", URL, "100", "100000", null, null, null).toConfig();

        assertThat(config.client()).isEqualTo(ClientModel.VIRTUAL);
        assertThat(config.connections()).isEqualTo(100);
        assertThat(config.requests()).isEqualTo(100_000);
        assertThat(config.duration()).isNull();
        assertThat(config.open()).isFalse();
        assertThat(config.keepAlive()).isTrue();
        assertThat(config.timeout()).isEqualTo(LoadDefaults.TIMEOUT);
        assertThat(config.target().port()).isEqualTo(8010);
        assertThat(config.target().pathAndQuery()).isEqualTo("/ping");
    }

    @Test
    void openModelWithDurationAndTimeout() {
        LoadConfig config = new LoadArguments("platform", URL, "10", null, "1500ms", "2000/s", null, true, "r.json",
                "250ms", true, false, List.of()).toConfig();

        assertThat(config.duration()).isEqualTo(Duration.ofMillis(1500));
        assertThat(config.rate()).isEqualTo(2000.0);
        assertThat(config.open()).isTrue();
        assertThat(config.keepAlive()).isFalse();
        assertThat(config.timeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(config.tolerateErrors()).isTrue();
        assertThat(config.json()).hasToString("r.json");
    }

    @Test
    void rampSetsConnectionsAndRequestsToItsUsers() {
        LoadConfig config = args("virtual", URL, null, null, null, null, "10000/60s").toConfig();

        assertThat(config.ramp()).isEqualTo(new Ramp(10_000, Duration.ofSeconds(60)));
        assertThat(config.connections()).isEqualTo(10_000);
        assertThat(config.requests()).isEqualTo(10_000);
        assertThat(config.open()).isTrue();
        assertThat(config.workload()).containsEntry("ramp", "10000/1m").containsEntry("keepAlive", false);
    }

    @Test
    void workloadKeysAreInTheDesignOrder() {
        LoadConfig config = args("virtual", URL + "?x=1", "4", null, "10s", "500", null).toConfig();

        assertThat(config.workload().keySet())
                .containsExactly("url", "connections", "requests", "duration", "rate", "ramp", "keepAlive");
        assertThat(config.workload().values())
                .containsExactly(URL + "?x=1", 4, null, "10s", 500.0, null, true);
        assertThat(config.target().pathAndQuery()).isEqualTo("/ping?x=1");
        assertThat(config.target().path()).isEqualTo("/ping");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            client turbo           | turbo   | http://127.0.0.1/ | 1    | 1    | -   | -     | -       | invalid --client 'turbo': not a client model (allowed: platform, virtual)
            client missing         | -       | http://127.0.0.1/ | 1    | 1    | -   | -     | -       | missing --client (allowed: platform, virtual)
            url missing            | virtual | -                 | 1    | 1    | -   | -     | -       | missing --url (allowed: http://HOST[:PORT]/PATH
            url malformed          | virtual | http://           | 1    | 1    | -   | -     | -       | invalid --url 'http://': not a valid URL
            url not http           | virtual | ftp://127.0.0.1/  | 1    | 1    | -   | -     | -       | invalid --url 'ftp://127.0.0.1/': not an http URL
            url https              | virtual | https://127.0.0.1/| 1    | 1    | -   | -     | -       | invalid --url 'https://127.0.0.1/': https is not supported
            url remote             | virtual | http://192.0.2.1/ | 1    | 1    | -   | -     | -       | --allow-remote
            connections zero       | virtual | http://127.0.0.1/ | 0    | 1    | -   | -     | -       | invalid --connections '0': out of range (allowed: 1..10000)
            connections text       | virtual | http://127.0.0.1/ | many | 1    | -   | -     | -       | invalid --connections 'many': not a whole number (allowed: 1..10000)
            connections missing    | virtual | http://127.0.0.1/ | -    | 1    | -   | -     | -       | missing --connections (allowed: 1..10000, or --ramp USERS/DURATION instead)
            requests and duration  | virtual | http://127.0.0.1/ | 1    | 5    | 10s | -     | -       | --requests 5 and --duration 10s exclude each other
            neither bound          | virtual | http://127.0.0.1/ | 1    | -    | -   | -     | -       | one of --requests N or --duration D is required
            requests zero          | virtual | http://127.0.0.1/ | 1    | 0    | -   | -     | -       | invalid --requests '0': out of range (allowed: 1..
            duration bad unit      | virtual | http://127.0.0.1/ | 1    | -    | 10x | -     | -       | invalid --duration '10x' (allowed: a positive duration
            duration zero          | virtual | http://127.0.0.1/ | 1    | -    | 0s  | -     | -       | invalid --duration '0s' (allowed: a positive duration
            duration too long      | virtual | http://127.0.0.1/ | 1    | -    | 2h  | -     | -       | invalid --duration '2h' (allowed: a positive duration such as 500ms, 10s or 2m, at most 1h)
            rate zero              | virtual | http://127.0.0.1/ | 1    | -    | 1s  | 0/s   | -       | invalid --rate '0/s' (allowed: requests per second
            rate per minute        | virtual | http://127.0.0.1/ | 1    | -    | 1s  | 5/m   | -       | invalid --rate '5/m' (allowed: requests per second
            ramp without duration  | virtual | http://127.0.0.1/ | -    | -    | -   | -     | 100     | invalid --ramp '100' (allowed: USERS/DURATION
            ramp zero users        | virtual | http://127.0.0.1/ | -    | -    | -   | -     | 0/10s   | invalid --ramp '0/10s' (allowed: USERS/DURATION
            ramp with connections  | virtual | http://127.0.0.1/ | 5    | -    | -   | -     | 10/1s   | --connections 5 does not apply with --ramp 10/1s
            ramp with rate         | virtual | http://127.0.0.1/ | -    | -    | -   | 5     | 10/1s   | --rate 5 does not apply with --ramp 10/1s
            """)
    void badValuesAreNamedWithWhatIsAllowed(String name, String client, String url, String connections,
                                            String requests, String duration, String rate, String ramp,
                                            String message) {
        assertThatThrownBy(() -> args(client, url, connections, requests, duration, rate, ramp).toConfig())
                .isInstanceOf(BadArgumentException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("\n");
    }

    private static LoadArguments iterated(String warmups, String iterations, String ramp) {
        return new LoadArguments("virtual", URL, ramp == null ? "10" : null, ramp == null ? "60000" : null, null, null,
                ramp, false, null, null, false, false, warmups, iterations, true, List.of());
    }

    @Test
    void withoutIterationOptionsARunIsOneIterationNotPaced() {
        LoadConfig config = args("virtual", URL, "10", "100", null, null, null).toConfig();

        assertThat(config.plan()).isEqualTo(IterationLoop.Plan.single());
        assertThat(config.paced()).isFalse();
    }

    @Test
    void iterationsApplyToEveryArrivalModelAndStayOutOfTheWorkload() {
        LoadConfig closed = iterated("2", "3", null).toConfig();
        LoadConfig ramp = iterated(null, "5", "100/1s").toConfig();

        assertThat(closed.plan()).isEqualTo(new IterationLoop.Plan(2, 3));
        assertThat(closed.paced()).isTrue();
        assertThat(closed.workload()).isEqualTo(args("virtual", URL, "10", "60000", null, null, null).toConfig()
                .workload());
        assertThat(ramp.plan()).isEqualTo(new IterationLoop.Plan(0, 5));
        assertThat(iterated("1000", "1000", null).toConfig().plan()).isEqualTo(new IterationLoop.Plan(1000, 1000));
        assertThat(iterated("0", "1", null).toConfig().plan()).isEqualTo(IterationLoop.Plan.single());
    }

    @ParameterizedTest(name = "--warmup-iterations {0} --iterations {1}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            -    | 0    | invalid --iterations '0': out of range (allowed: 1..1000)
            -    | 1001 | invalid --iterations '1001': out of range (allowed: 1..1000)
            -    | two  | invalid --iterations 'two': not a whole number (allowed: 1..1000)
            -    | 1.5  | invalid --iterations '1.5': not a whole number (allowed: 1..1000)
            -1   | 3    | invalid --warmup-iterations '-1': out of range (allowed: 0..1000)
            1001 | 3    | invalid --warmup-iterations '1001': out of range (allowed: 0..1000)
            x    | -    | invalid --warmup-iterations 'x': not a whole number (allowed: 0..1000)
            """)
    void badIterationCountsAreNamedWithWhatIsAllowed(String warmups, String iterations, String message) {
        assertThatThrownBy(() -> iterated(warmups, iterations, null).toConfig())
                .isInstanceOf(BadArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void remoteHostIsAllowedWhenAsked() {
        LoadConfig config = new LoadArguments("virtual", "http://192.0.2.1:9/x", "1", "1", null, null, null, false,
                null, null, false, true, List.of()).toConfig();

        assertThat(config.target().address().isLoopbackAddress()).isFalse();
    }

    @Test
    void unknownArgumentIsNamed() {
        assertThatThrownBy(() -> new LoadArguments("virtual", URL, "1", "1", null, null, null, false, null, null,
                false, false, List.of("--turbo")).toConfig())
                .isInstanceOf(BadArgumentException.class)
                .hasMessage("unknown argument '--turbo'");
    }

    @Test
    void durationsAreWrittenBackInTheirShortestForm() {
        assertThat(ArgumentValues.formatDuration(Duration.ofSeconds(10))).isEqualTo("10s");
        assertThat(ArgumentValues.formatDuration(Duration.ofSeconds(60))).isEqualTo("1m");
        assertThat(ArgumentValues.formatDuration(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(ArgumentValues.formatDuration(Duration.ofHours(1))).isEqualTo("1h");
        assertThat(ArgumentValues.duration("--duration", "2.5", Duration.ofHours(1))).isEqualTo(Duration.ofMillis(2500));
    }
}
