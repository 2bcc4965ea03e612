package io.loomarena.harness.history.cli;

import java.nio.file.Path;
import java.util.Optional;

import io.loomarena.harness.history.Histories;
import io.loomarena.harness.history.HistoryStore;

/**
 * How the {@code history} command opens the history its {@code --history} names: {@link Histories#open} in the jar,
 * an in-memory store in tests.
 */
@FunctionalInterface
public interface StoreOpener {

    /** The history {@code setting} names ({@code null}: the default file under {@code resultsDir}); empty for off. */
    Optional<HistoryStore> open(String setting, Path resultsDir);

    /** The real histories: SQLite files and PostgreSQL databases. */
    static StoreOpener histories() {
        return Histories::open;
    }
}
