package io.loomarena.framework.spring;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.loomarena.cli.BadArgumentException;

/** {@code --threads}: which of Tomcat's own thread models serves the requests. */
enum ThreadChoice {
    /** {@code spring.threads.virtual.enabled=true}: Tomcat runs each request on a new virtual thread. */
    VIRTUAL,
    /** Tomcat's default platform pool ({@code server.tomcat.threads.max}, 200 unless {@code --pool-size}). */
    PLATFORM;

    /** The command-line word. */
    String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static List<String> cliNames() {
        return Arrays.stream(values()).map(ThreadChoice::cliName).toList();
    }

    /** The choice {@code text} names; a {@link BadArgumentException} naming the option and the allowed words. */
    static ThreadChoice parse(String option, String text) {
        for (ThreadChoice choice : values()) {
            if (choice.cliName().equals(text)) {
                return choice;
            }
        }
        throw BadArgumentException.invalid(option, text, null, String.join(", ", cliNames()));
    }
}
