package io.loomarena.model;

import java.util.Optional;

/**
 * The thread models of both load clients (echo {@code client --model}, HTTP {@code load --client}): one thread of
 * the model per session or connection. Named as the server models are: {@code virtual}, {@code VIRTUAL_CLIENT},
 * {@code @ClientVirtual}, threads {@code echo-client-virtual-N} or {@code http-load-virtual-N}. Immutable.
 */
public enum ClientModel implements ThreadModel {
    /** One platform thread per session. */
    PLATFORM("platform", "@ClientPlatform", false),
    /** One virtual thread per session. */
    VIRTUAL("virtual", "@ClientVirtual", true);

    private final String cliName;
    private final String tag;
    private final boolean virtual;

    ClientModel(String cliName, String tag, boolean virtual) {
        this.cliName = cliName;
        this.tag = tag;
        this.virtual = virtual;
    }

    /** The name on the command line and in summaries: {@code virtual}. */
    @Override
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

    @Override
    public boolean virtualThreads() {
        return virtual;
    }

    /** The model with this command-line name, if any. */
    public static Optional<ClientModel> fromCliName(String name) {
        return ThreadModel.withCliName(values(), name);
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

    /** The command-line names in the enum's order, for a help text ({@link ServerModel.CliNames}). */
    public static final class CliNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(values()).map(ClientModel::cliName).iterator();
        }
    }

    /** The command-line names, comma separated: {@code platform, virtual}. */
    public static String allowed() {
        return ThreadModel.cliNames(values());
    }

    @Override
    public String toString() {
        return cliName;
    }
}
