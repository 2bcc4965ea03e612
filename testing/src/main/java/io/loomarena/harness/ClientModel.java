package io.loomarena.harness;

import java.util.Locale;

/**
 * The load clients' thread model, the same for the echo client ({@code --model}) and the HTTP load client
 * ({@code --client}): one thread of that model per connection. Labels are docs/architecture.md's {@code PLATFORM_CLIENT} and
 * {@code VIRTUAL_CLIENT}.
 */
public enum ClientModel {
    PLATFORM, VIRTUAL;

    /** As on the command line: {@code platform|virtual}. */
    public String cli() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** As in combinations and rankings: {@code PLATFORM_CLIENT}. */
    public String label() {
        return name() + "_CLIENT";
    }

    /** The model named {@code platform|virtual}, any case. */
    public static ClientModel of(String name) {
        for (ClientModel model : values()) {
            if (model.cli().equalsIgnoreCase(name.strip())) {
                return model;
            }
        }
        throw new IllegalArgumentException("unknown client model '" + name + "'; allowed: platform, virtual");
    }
}
