package io.loomarena.harness;

import io.loomarena.echo.server.ServerModel;
import io.loomarena.http.server.Stage;

/**
 * The ranking labels of the modules' own model types, derived here and nowhere else: an echo server model is
 * {@code VIRTUAL_SERVER}, a client model of either load client (echo {@code --model}, HTTP {@code --client}) is
 * {@code PLATFORM_CLIENT}, an HTTP stage keeps its own {@link Stage#label()} ({@code VIRTUAL_THREADS}); a combination
 * is {@code SERVER+CLIENT}, or {@code SERVER+CLIENT+VARIANT}. Summaries' file names and rankings use these.
 */
public final class ModelLabels {

    private ModelLabels() {
    }

    /** {@code VIRTUAL_SERVER}. */
    public static String server(ServerModel model) {
        return model.name() + "_SERVER";
    }

    /** {@code PLATFORM_CLIENT}, for the echo client's model. */
    public static String client(io.loomarena.echo.client.ClientModel model) {
        return model.name() + "_CLIENT";
    }

    /** {@code PLATFORM_CLIENT}, for the HTTP load client's model: the same label as the echo client's. */
    public static String client(io.loomarena.http.load.ClientModel model) {
        return model.name() + "_CLIENT";
    }

    /** {@code VIRTUAL_THREADS}: the stage's own label. */
    public static String stage(Stage stage) {
        return stage.label();
    }

    /** {@code SERVER+CLIENT}, or {@code SERVER+CLIENT+VARIANT} when {@code variant} is not empty. */
    public static String combination(String serverLabel, String clientLabel, String variant) {
        return serverLabel + "+" + clientLabel + (variant.isEmpty() ? "" : "+" + variant);
    }
}
