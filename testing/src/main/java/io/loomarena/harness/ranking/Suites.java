package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.echo.EchoSuite;
import io.loomarena.harness.http.HttpSuite;

/** Every benchmark suite, found by the name the features use ({@code echo}, {@code ping}) or by its folder. */
public final class Suites {

    private Suites() {
    }

    /** Echo, then the HTTP suites in their order. */
    public static List<BenchmarkSuite> all() {
        List<BenchmarkSuite> suites = new ArrayList<>(List.of(EchoSuite.values()));
        suites.addAll(Arrays.asList(HttpSuite.values()));
        return List.copyOf(suites);
    }

    /**
     * The suite named {@code echo}, {@code ping|data|sweep|fanout|cpu|conditional} or by its folder
     * ({@code http-ping}).
     */
    public static BenchmarkSuite named(String name) {
        String wanted = name.strip();
        return all().stream().filter(suite -> suite.folder().equalsIgnoreCase(wanted)
                        || suite instanceof HttpSuite http && http.cliName().equalsIgnoreCase(wanted))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("unknown suite '" + name + "'; allowed: "
                        + all().stream().map(Suites::shortName).collect(Collectors.joining(", "))));
    }

    /** The suite whose results folder is {@code folder}. */
    public static Optional<BenchmarkSuite> byFolder(String folder) {
        return all().stream().filter(suite -> suite.folder().equals(folder)).findFirst();
    }

    private static String shortName(BenchmarkSuite suite) {
        return suite instanceof HttpSuite http ? http.cliName() : suite.folder();
    }
}
