package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.cucumber.java.After;
import io.cucumber.java.AfterAll;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.echo.EchoSuite;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.harness.ranking.RankedCombination;
import io.loomarena.harness.ranking.Ranking;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.remote.AcrossHosts;
import io.loomarena.harness.remote.RemoteHosts;
import io.loomarena.harness.remote.RemoteSettings;
import io.loomarena.harness.remote.Ssh;
import io.loomarena.harness.remote.lab.LabHost;
import io.loomarena.harness.remote.lab.LabUnavailableException;
import io.loomarena.harness.remote.lab.NetnsLab;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.HostInfo;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Thin steps for the suites across hosts: the namespace lab ({@link NetnsLab}) stands in for three machines, and
 * {@link RemoteHosts} and {@link AcrossHosts} do the work exactly as they do for real hosts. The lab and the hosts
 * are closed after each scenario, also when it fails.
 */
public final class RemoteSteps {

    /** Results across hosts go apart from this machine's, so neither overwrites the other. */
    private static final String RESULTS_FOLDER = "remote";

    private final HarnessSettings settings;
    private final SummaryStore store;
    private NetnsLab lab;
    private RemoteHosts hosts;
    private Path scratch;
    private BenchmarkSuite suite;
    private List<Combination.Measured> measured = List.of();
    private HarnessException refused;
    private int foldersBefore;
    private List<String> killedRunFolders = List.of();

    public RemoteSteps(BenchmarkContext context) {
        this.settings = context.settings.withResultsDir(context.settings.resultsDir().resolve(RESULTS_FOLDER));
        this.store = new SummaryStore(settings.resultsDir());
    }

    @Given("three hosts made of network namespaces on this machine, each running sshd with a key made for this test")
    public void threeHosts() throws IOException {
        scratch = Files.createTempDirectory("loomarena-lab-");
        try {
            lab = NetnsLab.start(scratch, settings.jvm().osName());
        } catch (LabUnavailableException e) {
            throw new Skipping.Skipped("[REMOTE] skipped: " + e.getMessage());
        }
    }

    @When("the quick echo matrix runs with the server on the first host and clients on the two other hosts")
    public void theEchoMatrixRuns() {
        suite = EchoSuite.ECHO;
        hosts = RemoteHosts.open(labSettings(lab.sshOptions(), Optional.empty(), clientTargets()), settings,
                repository(), System.out);
        measured = AcrossHosts.measure(hosts, settings, store,
                EchoSuite.ECHO.plans(EchoBenchmarks.Workload.of(100, 2_500, 32)));
    }

    @When("the quick HTTP ping suite runs with the server on the first host and clients on the two other hosts")
    public void thePingSuiteRuns() {
        suite = HttpSuite.PING;
        hosts = RemoteHosts.open(labSettings(lab.sshOptions(), Optional.empty(), clientTargets()), settings,
                repository(), System.out);
        measured = AcrossHosts.measure(hosts, settings, store,
                HttpSuite.PING.plans(HttpWorkload.closed("/ping", 10, 200_000, true)));
    }

    @Then("every summary records the three hosts with their CPUs, JDK, kernel and clock offset")
    public void everySummaryRecordsTheHosts() {
        assertThat(measured).isNotEmpty();
        for (Combination.Measured combination : measured) {
            List<HostInfo> recorded = combination.summary().environment().hosts();
            assertThat(recorded).extracting(HostInfo::role)
                    .containsExactly("server", "client 1 of 2", "client 2 of 2");
            assertThat(recorded).extracting(HostInfo::host).containsExactly(lab.server().target(),
                    lab.clients().get(0).target(), lab.clients().get(1).target());
            assertThat(recorded).allSatisfy(host -> {
                assertThat(host.cpuCount()).isPositive();
                assertThat(host.kernel()).startsWith("Linux ");
                assertThat(host.javaVersion()).contains("version \"");
                assertThat(Math.abs(host.clockOffsetMillis())).isLessThan(RemoteSettings.DEFAULT_MAX_CLOCK_OFFSET_MILLIS);
                assertThat(host.pinning()).isNotBlank();
            });
        }
    }

    @Then("every combination split its clients between the two client hosts, and every message of every measured"
            + " iteration was answered")
    public void theEchoWorkWasSplit() {
        everyOperationSplitAndAnswered();
    }

    @Then("every combination split its requests between the two client hosts, and every request of every measured"
            + " iteration was answered")
    public void theRequestsWereSplit() {
        everyOperationSplitAndAnswered();
    }

    private void everyOperationSplitAndAnswered() {
        for (Combination.Measured combination : measured) {
            BenchmarkSummary summary = combination.summary();
            long total = 0;
            for (MeasuredRun run : summary.runs().measured()) {
                assertThat(run.totalErrors()).as("errors in %s run %d", summary.combination(), run.run()).isZero();
                total += run.operations();
            }
            List<HostInfo> clients = summary.environment().hosts().stream().filter(HostInfo::isClient).toList();
            assertThat(clients).hasSize(2).allSatisfy(host -> assertThat(host.errors()).isEmpty());
            assertThat(clients.get(0).operations() + clients.get(1).operations()).isEqualTo(total);
            assertThat(clients.get(0).operations()).as("client 1's share of %s", summary.combination())
                    .isEqualTo(total / 2);
        }
    }

    @Then("the echo matrix measured across the hosts is ranked fastest first")
    public void theEchoMatrixIsRanked() {
        printRanking();
    }

    @Then("the HTTP ping suite measured across the hosts is ranked fastest first")
    public void thePingSuiteIsRanked() {
        printRanking();
    }

    /**
     * The ranking of what was measured across the hosts: every measured combination once, in one group, by mean time
     * fastest first, and its {@code [PERF][FINAL]} lines in that order.
     */
    private void printRanking() {
        SuiteRanking ranking = SuiteRanking.rank(store, suite);
        System.out.print(ranking.console());
        System.out.flush();
        // The group of what this scenario measured, found by a summary it wrote (the folder may hold older ones).
        BenchmarkSummary first = measured.get(0).summary();
        Ranking group = ranking.groups().stream().filter(g -> g.entries().stream().anyMatch(entry ->
                        entry.combination().equals(first.combination())
                                && entry.summary().environment().timestamp().equals(first.environment().timestamp())))
                .findFirst().orElseThrow(() -> new AssertionError("no ranking group holds " + first.combination()
                        + " as this scenario measured it"));
        assertThat(group.entries()).extracting(RankedCombination::combination).containsExactlyInAnyOrderElementsOf(
                measured.stream().map(m -> m.summary().combination()).toList());
        assertThat(group.entries()).extracting(RankedCombination::averageSeconds).isSorted();
        assertThat(group.entries()).extracting(RankedCombination::rank)
                .containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, measured.size()).boxed().toList());
        // One [PERF][FINAL] line per entry, group after group: this group's lines start after the earlier groups'.
        int offset = ranking.groups().subList(0, ranking.groups().indexOf(group)).stream()
                .mapToInt(g -> g.entries().size()).sum();
        List<String> finals = ranking.finalLines().subList(offset, offset + group.entries().size());
        for (int i = 0; i < finals.size(); i++) {
            assertThat(finals.get(i)).as("[PERF][FINAL] line %d", i + 1).contains(group.entries().get(i).combination());
        }
    }

    @Then("no JVM of the run is left on any host and the run's folders there are gone")
    public void nothingIsLeft() {
        if (hosts != null) {
            assertThat(hosts.processesLeft()).as("JVMs of run %s still running", hosts.runId()).isZero();
            hosts.close();
            assertThat(hosts.foldersLeft()).isEmpty();
        } else {
            assertThat(remoteFolders()).isEqualTo(foldersBefore);
        }
        for (LabHost host : lab.hosts()) {
            Ssh.Result pgrep = new Ssh(lab.sshOptions()).run(host.target(),
                    "pgrep -f -c -- 'loomarena[.]runId=' || true", Duration.ofSeconds(30));
            assertThat(pgrep.stdout().strip()).as("loom-arena JVMs on %s (%s)", host.target(), pgrep.stderr())
                    .isEqualTo("0");
        }
    }

    @When("a harness in a JVM of its own is measuring an echo combination across the hosts and is killed with"
            + " SIGKILL")
    public void aHarnessIsKilled() throws IOException {
        // Its temporary folders (its results, the jars it builds for the hosts, its clients' result files) go under
        // the scratch folder: killed with SIGKILL, it cannot remove them itself, and closeEverything() removes that.
        Path tmp = Files.createDirectories(scratch.resolve("killed-harness-tmp"));
        List<String> command = new ArrayList<>(List.of(settings.jvm().javaBinary().toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", settings.jvm().classPath(), RemoteRunMain.class.getName(),
                lab.server().target(), String.join(",", clientTargets())));
        command.addAll(lab.sshOptions());
        Path output = scratch.resolve("killed-harness.log");
        Process harness = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .start();
        try {
            harness.getOutputStream().close();
            // Measuring: a warmup iteration ended, so the server and both clients run on their hosts.
            await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(200)).until(() ->
                    !harness.isAlive() || Files.readString(output).contains(" warmup 1/20: "));
            assertThat(harness.isAlive()).as("the harness was still measuring:%n%s", Files.readString(output))
                    .isTrue();
            assertThat(runProcessesOnHosts()).as("processes of the run on the hosts").isGreaterThanOrEqualTo(3);
            harness.destroyForcibly();
            assertThat(harness.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the harness ran", e);
        } finally {
            harness.destroyForcibly();
        }
        killedRunFolders = Files.readAllLines(output).stream().filter(line -> line.startsWith("[REMOTE] copying the"
                + " jars to ")).map(line -> line.substring(line.lastIndexOf(':') + 1)).toList();
        System.out.println("[REMOTE] harness killed with SIGKILL while measuring; its output ended with: "
                + Files.readAllLines(output).stream().filter(line -> line.startsWith("[PERF]")).reduce((a, b) -> b)
                .orElse("(no progress line)"));
    }

    @Then("within {int} seconds no JVM of its run is left on any host")
    public void noJvmIsLeft(int seconds) throws IOException {
        try {
            long started = System.nanoTime();
            await().atMost(Duration.ofSeconds(seconds)).pollInterval(Duration.ofMillis(250))
                    .until(() -> runProcessesOnHosts() == 0);
            System.out.printf(java.util.Locale.ROOT, "[REMOTE] every process of the killed run ended within %.1f s%n",
                    (System.nanoTime() - started) / 1e9);
        } finally {
            for (String folder : killedRunFolders) {
                if (folder.startsWith("/tmp/loomarena-remote-")) {
                    try (var files = Files.walk(Path.of(folder))) {
                        files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                    }
                }
            }
        }
    }

    /** Processes with a run id on the lab's hosts: the JVMs there and, as the hosts share this machine, their ssh. */
    private int runProcessesOnHosts() {
        Ssh.Result pgrep = new Ssh(lab.sshOptions()).run(lab.server().target(),
                "pgrep -f -c -- 'loomarena[.]runId=' || true", Duration.ofSeconds(30));
        return Integer.parseInt(pgrep.stdout().strip());
    }

    @When("the hosts are prepared with {}")
    public void theHostsArePreparedWith(String problem) throws IOException {
        foldersBefore = remoteFolders();
        RemoteSettings bad = switch (problem) {
            case "a client host at an address where nothing runs" -> labSettings(lab.sshOptions(), Optional.empty(),
                    List.of(lab.clients().get(0).target(), "root@" + lab.unusedAddress()));
            case "a key that the hosts do not accept" -> labSettings(withOtherKey(lab.sshOptions()),
                    Optional.empty(), clientTargets());
            case "a java older than 21 named as the remote java" -> labSettings(lab.sshOptions(),
                    Optional.of(fakeOldJava().toString()), clientTargets());
            case "a jar folder that the hosts do not have" -> new RemoteSettings(Optional.of(lab.server().target()),
                    clientTargets(), lab.sshOptions(), Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.of(scratch.resolve("no-such-jars").toString()),
                    Duration.ofMillis(RemoteSettings.DEFAULT_MAX_CLOCK_OFFSET_MILLIS));
            default -> throw new IllegalArgumentException("no such problem in this step: " + problem);
        };
        try {
            hosts = RemoteHosts.open(bad, settings, repository(), System.out);
            hosts.close();
            hosts = null;
        } catch (HarnessException e) {
            refused = e;
        }
    }

    @Then("preparing fails before any JVM starts, with a message that names the host and says {string}")
    public void preparingFails(String words) {
        assertThat(refused).as("preparing the hosts should have failed").isNotNull();
        System.out.println("[REMOTE] refused as expected: " + refused.getMessage());
        assertThat(refused.getMessage()).contains(words).contains("nothing was started or measured")
                .containsPattern("root@[0-9.]+");
    }

    /** The hosts of a run across hosts set by system properties ({@code -Dloomarena.serverHost}), closed at its end. */
    @AfterAll
    public static void closeTheRunsHosts() {
        RemoteHosts.closeShared();
    }

    @After("@Remote")
    public void closeEverything() throws IOException {
        try {
            if (hosts != null) {
                hosts.close();
            }
        } finally {
            if (lab != null) {
                lab.close();
            }
            if (scratch != null) {
                try (var files = Files.walk(scratch)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                }
            }
        }
    }

    private RemoteSettings labSettings(List<String> sshOptions, Optional<String> remoteJava, List<String> clients) {
        return new RemoteSettings(Optional.of(lab.server().target()), clients, sshOptions, Optional.empty(),
                remoteJava, Optional.empty(), Optional.empty(),
                Duration.ofMillis(RemoteSettings.DEFAULT_MAX_CLOCK_OFFSET_MILLIS));
    }

    private List<String> clientTargets() {
        return lab.clients().stream().map(LabHost::target).toList();
    }

    /** The lab's options with its key swapped for a fresh one that no host knows, and no other key tried. */
    private List<String> withOtherKey(List<String> options) throws IOException {
        Path key = scratch.resolve("stranger-key");
        Process keygen = new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString())
                .redirectErrorStream(true).start();
        try {
            keygen.getOutputStream().close();
            assertThat(keygen.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) && keygen.exitValue() == 0)
                    .as("ssh-keygen made a stranger key").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while making a key", e);
        }
        List<String> other = new ArrayList<>(options);
        int at = other.indexOf("-i");
        assertThat(at).as("the lab's ssh options name a key with -i").isNotNegative();
        other.set(at + 1, key.toString());
        other.addAll(List.of("-o", "IdentitiesOnly=yes"));
        return other;
    }

    /** A {@code java} that says it is 17: the hosts share this machine's files, so each finds it at this path. */
    private Path fakeOldJava() throws IOException {
        Path java = scratch.resolve("old-jdk/bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"17.0.15\" 2025-04-15' >&2\nexit 0\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    private static int remoteFolders() {
        try (var entries = Files.list(Path.of("/tmp"))) {
            return (int) entries.filter(p -> p.getFileName().toString().startsWith("loomarena-remote-")).count();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /tmp: " + e.getMessage(), e);
        }
    }

    private Path repository() {
        return java.util.Objects.requireNonNullElse(settings.resultsDir().getParent().getParent(),
                settings.resultsDir());
    }
}
