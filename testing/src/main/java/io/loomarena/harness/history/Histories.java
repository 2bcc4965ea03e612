package io.loomarena.harness.history;

import java.nio.file.Path;
import java.util.Optional;

/** Opens the history a run's options name ({@code -Dloomarena.history}): the one place that reads the setting. */
public final class Histories {

    private Histories() {
    }

    /**
     * The history a setting names: empty for {@code off}; an SQLite file for a path or for the default (unset:
     * {@code <resultsDir>/history.sqlite}); PostgreSQL for a {@code jdbc:postgresql:} URL.
     */
    public static Optional<HistoryStore> open(String setting, Path resultsDir) {
        throw new UnsupportedOperationException("filled in by the store work");
    }
}
