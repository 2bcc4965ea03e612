package io.loomarena.harness.history;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;

/** The store's contract on a fresh SQLite file. */
class SqliteHistoryStoreTest extends HistoryStoreContract {

    @TempDir
    Path folder;

    private int opened;

    @Override
    HistoryStore fresh() {
        return JdbcHistoryStore.sqlite(folder.resolve("history-" + (++opened) + ".sqlite"));
    }
}
