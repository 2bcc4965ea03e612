package io.loomarena.http.server;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The concurrency staircase, in the names used everywhere (command line, thread names, tags, ranking labels).
 * Immutable.
 */
public enum Stage {
    /** One thread accepts and serves, one connection at a time. */
    SINGLE_THREADED("single-threaded"),
    /** A new platform thread per connection. */
    THREAD_PER_REQUEST("thread-per-request"),
    /** A fixed pool of platform threads ({@code --pool-size}). */
    THREAD_POOL("thread-pool"),
    /** A new virtual thread per connection. */
    VIRTUAL("virtual"),
    /** A new virtual thread per connection; data and files are read once and served from memory. */
    VIRTUAL_CACHED("virtual-cached");

    private final String cliName;

    Stage(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line and in thread names: {@code virtual-cached}. */
    public String cliName() {
        return cliName;
    }

    /** The ranking label: {@code VIRTUAL_CACHED} is ranked as {@code VIRTUAL_THREADS_CACHED}. */
    public String label() {
        return switch (this) {
            case VIRTUAL -> "VIRTUAL_THREADS";
            case VIRTUAL_CACHED -> "VIRTUAL_THREADS_CACHED";
            default -> name();
        };
    }

    /** Thread name prefix of this stage: {@code http-virtual}. */
    public String threadPrefix() {
        return "http-" + cliName;
    }

    public static Optional<Stage> fromCliName(String name) {
        return Arrays.stream(values()).filter(stage -> stage.cliName.equals(name)).findFirst();
    }

    /** The allowed names, for messages: {@code single-threaded|thread-per-request|...}. */
    public static String allowedNames() {
        return Arrays.stream(values()).map(Stage::cliName).collect(Collectors.joining("|"));
    }
}
