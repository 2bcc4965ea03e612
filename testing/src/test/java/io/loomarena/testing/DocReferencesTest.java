package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README, the guides in {@code docs/} (not the dated results under {@code docs/results/}, which record what was
 * true then) and {@code target-results/README.md} name only models, tags, run properties, scripts and Maven profiles
 * that exist, and each example {@code -Dcucumber.filter.tags} selects a scenario ({@link DocReferences}).
 */
class DocReferencesTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /**
     * Lines that name on purpose what the checks would refuse, each with why: {@code file: text} of the reference as
     * the failure prints it after {@code file:line: }. Keep it short.
     */
    private static final Set<String> EXCEPTIONS = Set.of(
            // The example of a bad argument: a model that does not exist, on purpose.
            "README.md: '--model turbo' names no model (single, platform, pool, virtual, event-loop, netty; platform,"
                    + " virtual)",
            // The retired names, which RunOptions refuses naming their replacements: the docs say so.
            "docs/methodology.md: loomarena.warmups is no run property (RunProperty)",
            "docs/methodology.md: loomarena.measuredRuns is no run property (RunProperty)",
            "docs/run-options.md: loomarena.warmups is no run property (RunProperty)",
            "docs/run-options.md: loomarena.measuredRuns is no run property (RunProperty)",
            // The example of a misspelt name, which the run refuses.
            "docs/run-options.md: loomarena.fork is no run property (RunProperty)",
            // JUnit's annotation, which the fuzzing guide says not to use.
            "docs/http-server.md: @Timeout is no scenario's tag");

    private static DocReferences references;

    @BeforeAll
    static void read() throws IOException {
        references = DocReferences.of(ROOT);
    }

    @Test
    void everyDocNamesOnlyWhatExistsAndEveryExampleFilterSelectsAScenario() throws IOException {
        List<Path> documents = new ArrayList<>(List.of(ROOT.resolve("README.md"),
                ROOT.resolve("target-results/README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        List<String> problems = new ArrayList<>();
        for (Path document : documents) {
            String name = ROOT.relativize(document).toString();
            references.problems(name, Files.readString(document)).stream()
                    .filter(problem -> !EXCEPTIONS.contains(name + ": " + problem.substring(problem.indexOf(": ") + 2)))
                    .forEach(problems::add);
        }
        assertThat(references.scenarios()).as("scenarios read").hasSizeGreaterThan(100);
        assertThat(problems).as("names in the docs that name nothing, and filters that select nothing").isEmpty();
    }

    @Test
    void eachKindOfWrongNameIsReportedWithItsLine() {
        String doc = """
                Run `./mvnw -Pecho-matrix test` or `./mvnw -Pturbo test`; `bench/server-cost.sh`, `bench/turbo.sh`.
                `serve --model virtual`, `serve --model turbo`, `client --model pool`, VIRTUAL_SERVER, POOL_4_SERVER,
                TURBO_SERVER, the `turbo` server, `@Echo`, `@Turbo`, -Dloomarena.forks=3, -Dloomarena.turbo=1.
                -Dcucumber.filter.tags='@Echo and @ServerVirtual' -Dcucumber.filter.tags='@HttpPing and not @Slow'
                narrowed (`@HttpPing and @ServerVirtual and not @Full`), or (`@Echo and @ServerTurbo`)
                """;

        assertThat(references.problems("doc.md", doc)).containsExactly(
                "doc.md:1: bench/turbo.sh does not exist",
                "doc.md:1: -Pturbo is no Maven profile (" + references.profiles() + ")",
                "doc.md:2: '--model turbo' names no model (single, platform, pool, virtual, event-loop, netty;"
                        + " platform, virtual)",
                "doc.md:3: 'TURBO_SERVER' is no model's label",
                "doc.md:3: '`turbo` server' names no model",
                "doc.md:3: @Turbo is no scenario's tag",
                "doc.md:3: loomarena.turbo is no run property (RunProperty)",
                "doc.md:4: '@HttpPing and not @Slow' selects no scenario",
                "doc.md:5: @ServerTurbo is no scenario's tag",
                "doc.md:5: '@Echo and @ServerTurbo' selects no scenario");
    }
}
