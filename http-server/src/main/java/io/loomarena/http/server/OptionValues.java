package io.loomarena.http.server;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

import io.loomarena.cli.BadArgumentException;

/**
 * The option values the arena's {@code serve} and every framework's {@code serve} read alike (a duration, the
 * {@code --downstream} URL), written once so that both refuse the same input with the same words. Stateless.
 */
public final class OptionValues {

    private OptionValues() {
    }

    /** {@code text} as a duration ({@link Durations#FORMS}), or the error naming {@code option}. */
    public static Duration duration(String option, String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw BadArgumentException.invalid(option, text, null, Durations.FORMS);
        }
    }

    /** {@code --downstream}: an {@code http://} URL with a host, or the error saying so. */
    public static URI downstream(String text) {
        try {
            URI uri = new URI(text);
            if ("http".equalsIgnoreCase(uri.getScheme()) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // Falls through to the message naming the allowed form.
        }
        throw BadArgumentException.invalid("--downstream", text, "not an http:// URL", "e.g. http://127.0.0.1:8020/io");
    }
}
