package io.loomarena.framework.support;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import io.loomarena.cli.BadArgumentException;

/**
 * {@code --threads}: which of its own thread models a framework serves requests on. Each framework maps it to its own
 * setting (Jetty's {@code VirtualThreadPool} or {@code QueuedThreadPool}, Tomcat's virtual-thread executor or its
 * pool); one that has only one model refuses the other ({@link Framework#check}).
 */
public enum FrameworkThreads {
    /** A virtual thread per request. */
    VIRTUAL("virtual"),
    /** The framework's pool of platform threads ({@code --pool-size}). */
    PLATFORM("platform");

    private final String cliName;

    FrameworkThreads(String cliName) {
        this.cliName = cliName;
    }

    /** The word of the command line. */
    public String cliName() {
        return cliName;
    }

    /** What {@code --threads} accepts, for messages. */
    public static String allowed() {
        return Arrays.stream(values()).map(FrameworkThreads::cliName).collect(Collectors.joining(", "));
    }

    /** The value of {@code option}, or the {@link BadArgumentException} naming what is allowed. */
    public static FrameworkThreads parse(String option, String text) {
        if (text == null) {
            throw BadArgumentException.missing(option, allowed());
        }
        for (FrameworkThreads threads : values()) {
            if (threads.cliName.equals(text.strip().toLowerCase(Locale.ROOT))) {
                return threads;
            }
        }
        throw BadArgumentException.invalid(option, text, "not a thread model of the frameworks", allowed());
    }
}
