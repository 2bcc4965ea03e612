package io.loomarena.harness.history;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Opens the history a run's options name ({@code -Dloomarena.history}): the one place that reads the setting.
 * PostgreSQL's user and password come from the environment, {@value #USER} and {@value #PASSWORD} (else the usual
 * {@code PGUSER} and {@code PGPASSWORD}), never from the URL printed, so that no line or file shows them.
 */
public final class Histories {

    /** The setting that switches the history off. */
    public static final String OFF = "off";
    /** The file of the default history, in the results folder (kept by {@code ./mvnw clean}). */
    public static final String DEFAULT_FILE = "history.sqlite";
    /** What a PostgreSQL URL starts with. */
    public static final String POSTGRES_PREFIX = "jdbc:postgresql:";
    /** The environment variable of the PostgreSQL user. */
    public static final String USER = "LOOMARENA_HISTORY_USER";
    /** The environment variable of the PostgreSQL password. */
    public static final String PASSWORD = "LOOMARENA_HISTORY_PASSWORD";

    private Histories() {
    }

    /**
     * The history a setting names: empty for {@code off}; an SQLite file for a path or for the default (unset:
     * {@code <resultsDir>/history.sqlite}); PostgreSQL for a {@code jdbc:postgresql:} URL.
     *
     * @throws HistoryException one line naming the file or database when it cannot be opened
     */
    public static Optional<HistoryStore> open(String setting, Path resultsDir) {
        return open(setting, resultsDir, System.getenv());
    }

    /** As {@link #open(String, Path)}, the credentials read from {@code environment}. */
    public static Optional<HistoryStore> open(String setting, Path resultsDir, Map<String, String> environment) {
        String text = setting == null ? "" : setting.strip();
        if (text.equalsIgnoreCase(OFF)) {
            return Optional.empty();
        }
        if (text.startsWith(POSTGRES_PREFIX)) {
            return Optional.of(JdbcHistoryStore.postgres(text, first(environment, USER, "PGUSER"),
                    first(environment, PASSWORD, "PGPASSWORD")));
        }
        if (text.startsWith("jdbc:")) {
            throw new HistoryException("-Dloomarena.history=" + withoutCredentials(text) + " is not allowed: off, a"
                    + " file path, or a jdbc:postgresql:// URL");
        }
        return Optional.of(JdbcHistoryStore.sqlite(text.isEmpty() ? resultsDir.resolve(DEFAULT_FILE) : Path.of(text)));
    }

    /** A JDBC URL without a user or password in it: {@code jdbc:postgresql://u:p@host/db?password=x} as {@code jdbc:postgresql://host/db}. */
    public static String withoutCredentials(String url) {
        String bare = url.replaceFirst("\\?.*$", "");
        return bare.replaceFirst("^(jdbc:[a-z]+://)[^/@]*@", "$1");
    }

    /** The first line of an exception's message, or its type when it has none: what one console line can hold. */
    static String oneLine(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return message.lines().findFirst().orElse(message).strip();
    }

    private static String first(Map<String, String> environment, String name, String fallback) {
        String value = environment.get(name);
        if (value == null || value.isEmpty()) {
            value = environment.get(fallback);
        }
        return value == null || value.isEmpty() ? null : value;
    }
}
