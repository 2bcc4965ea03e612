package io.loomarena.model;

import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.stream.Collectors;

import io.loomarena.measure.ModelThreads;

/**
 * The thread models of both load clients (echo {@code client --model}, HTTP {@code load --client}): one thread of
 * the model per session or connection. Named as the server models are: {@code virtual}, {@code VIRTUAL_CLIENT},
 * {@code @ClientVirtual}, threads {@code echo-client-virtual-N} or {@code http-load-virtual-N}. Immutable.
 */
public enum ClientModel {
    /** One platform thread per session. */
    PLATFORM("platform", "@ClientPlatform"),
    /** One virtual thread per session. */
    VIRTUAL("virtual", "@ClientVirtual");

    private final String cliName;
    private final String tag;

    ClientModel(String cliName, String tag) {
        this.cliName = cliName;
        this.tag = tag;
    }

    /** The name on the command line and in summaries: {@code virtual}. */
    public String cliName() {
        return cliName;
    }

    /** The ranking label: {@code VIRTUAL_CLIENT}. */
    public String label() {
        return name() + "_CLIENT";
    }

    /** The Cucumber tag: {@code @ClientVirtual}. */
    public String tag() {
        return tag;
    }

    /** The prefix of this model's threads in {@code application}: {@code http-load-virtual} for {@code http-load}. */
    public String threadPrefix(String application) {
        return application + "-" + cliName;
    }

    /** Threads named {@code <application>-<model>-N}, virtual exactly when the model's are. */
    public ThreadFactory threads(String application) {
        return ModelThreads.factory(threadPrefix(application), virtualThreads());
    }

    public boolean virtualThreads() {
        return this == VIRTUAL;
    }

    /** The model with this command-line name, if any. */
    public static Optional<ClientModel> fromCliName(String name) {
        return Arrays.stream(values()).filter(model -> model.cliName.equals(name)).findFirst();
    }

    /**
     * The model with this command-line name.
     *
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static ClientModel parse(String name) {
        return fromCliName(name).orElseThrow(() -> new IllegalArgumentException("'" + name
                + "' is not a client model; expected one of: " + allowed()));
    }

    /** The command-line names, comma separated: {@code platform, virtual}. */
    public static String allowed() {
        return Arrays.stream(values()).map(ClientModel::cliName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return cliName;
    }
}
