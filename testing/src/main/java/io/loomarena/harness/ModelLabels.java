package io.loomarena.harness;

/**
 * The name of a combination, from the labels of its models ({@code ServerModel.label()}, {@code ClientModel.label()},
 * shared by echo and HTTP): {@code SERVER+CLIENT}, or {@code SERVER+CLIENT+VARIANT}. Summaries' file names and
 * rankings use it.
 */
public final class ModelLabels {

    private ModelLabels() {
    }

    /** {@code SERVER+CLIENT}, or {@code SERVER+CLIENT+VARIANT} when {@code variant} is not empty. */
    public static String combination(String serverLabel, String clientLabel, String variant) {
        return serverLabel + "+" + clientLabel + (variant.isEmpty() ? "" : "+" + variant);
    }
}
