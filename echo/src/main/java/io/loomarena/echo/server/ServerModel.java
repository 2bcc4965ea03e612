package io.loomarena.echo.server;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The four echo server concurrency models, named as everywhere in loom-arena (command line, tags, summaries). Each
 * model's threads are named {@code echo-<model>-N}; its accept loop runs on {@code echo-<model>-acceptor}.
 */
public enum ServerModel {
    /** One thread accepts and serves connections one after another. */
    SINGLE("single"),
    /** A new platform thread per connection. */
    PLATFORM("platform"),
    /** A fixed pool of platform threads; extra connections wait for a free thread. */
    POOL("pool"),
    /** A new virtual thread per connection. */
    VIRTUAL("virtual");

    private final String cliName;

    ServerModel(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line and in reports, for example {@code virtual}. */
    public String cliName() {
        return cliName;
    }

    /** The prefix of every thread of this model, for example {@code echo-virtual}. */
    public String threadPrefix() {
        return "echo-" + cliName;
    }

    /** Whether connections run on virtual threads. */
    public boolean virtualThreads() {
        return this == VIRTUAL;
    }

    /** The model with this command-line name; the exception message names the bad value and the allowed ones. */
    public static ServerModel fromCliName(String name) {
        for (ServerModel model : values()) {
            if (model.cliName.equals(name)) {
                return model;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not an echo server model; expected one of: " + allowed());
    }

    /** The allowed command-line names, comma separated. */
    public static String allowed() {
        return Arrays.stream(values()).map(ServerModel::cliName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return cliName;
    }
}
