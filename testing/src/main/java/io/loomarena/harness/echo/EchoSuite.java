package io.loomarena.harness.echo;

import java.util.List;
import java.util.Map;

import io.loomarena.harness.BenchmarkSuite;

/** The echo suite: one group, every server model against every client model, fastest first. */
public enum EchoSuite implements BenchmarkSuite {
    ECHO;

    @Override
    public String folder() {
        return EchoBenchmarks.SUITE;
    }

    @Override
    public List<String> expectedCombinations(Map<String, Object> groupWorkload) {
        return EchoBenchmarks.combinations();
    }
}
