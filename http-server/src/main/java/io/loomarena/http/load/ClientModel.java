package io.loomarena.http.load;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ThreadFactory;
import java.util.stream.Collectors;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.measure.ModelThreads;

/** The thread model of the load client: one thread of this kind per connection (or per ramp user). */
public enum ClientModel {
    /** One platform (kernel) thread per connection. */
    PLATFORM,
    /** One virtual thread per connection. */
    VIRTUAL;

    /** The name used on the command line and in summaries: {@code platform} or {@code virtual}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Threads named {@code http-load-<model>-N}. */
    public ThreadFactory threads() {
        return ModelThreads.factory("http-load-" + cliName(), this == VIRTUAL);
    }

    /**
     * Parses {@code --client}.
     *
     * @throws BadArgumentException when the value is not a model's name
     */
    public static ClientModel parse(String value) {
        String allowed = Arrays.stream(values()).map(ClientModel::cliName).collect(Collectors.joining(", "));
        if (value == null) {
            throw BadArgumentException.missing("--client", allowed);
        }
        for (ClientModel model : values()) {
            if (model.cliName().equals(value)) {
                return model;
            }
        }
        throw BadArgumentException.invalid("--client", value, "not a client model", allowed);
    }
}
