package io.loomarena.echo.client;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The echo client's thread models: one thread of the model per session, named {@code echo-client-<model>-N}. */
public enum ClientModel {
    /** One platform thread per session. */
    PLATFORM("platform"),
    /** One virtual thread per session. */
    VIRTUAL("virtual");

    private final String cliName;

    ClientModel(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    public String threadPrefix() {
        return "echo-client-" + cliName;
    }

    public boolean virtualThreads() {
        return this == VIRTUAL;
    }

    /** The model with this command-line name; the exception message names the bad value and the allowed ones. */
    public static ClientModel fromCliName(String name) {
        for (ClientModel model : values()) {
            if (model.cliName.equals(name)) {
                return model;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not an echo client model; expected one of: " + allowed());
    }

    public static String allowed() {
        return Arrays.stream(values()).map(ClientModel::cliName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return cliName;
    }
}
