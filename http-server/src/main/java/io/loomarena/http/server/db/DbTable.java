package io.loomarena.http.server.db;

import java.util.List;

/**
 * The one table {@code /db?rows=N} reads, written here once for the harness that seeds it and for every server that
 * reads it (the arena's models and the frameworks alike): {@value #NAME}, {@value #ROWS} rows of an id, a short name and
 * an amount, so that the rows a request reads are the same bytes on every server. Stateless.
 */
public final class DbTable {

    /** The table's name. */
    public static final String NAME = "arena_rows";
    /** How many rows the harness seeds, and so the most {@code /db?rows=N} may ask for. */
    public static final int ROWS = 10_000;

    /**
     * The statements that create and fill the table on an empty database, in order: the rows come from
     * {@code generate_series}, so seeding is one round trip per statement whatever {@link #ROWS} is.
     */
    public static final List<String> SEED = List.of(
            "CREATE TABLE " + NAME + " (id integer PRIMARY KEY, name text NOT NULL, amount integer NOT NULL)",
            "INSERT INTO " + NAME + " (id, name, amount) SELECT g, 'row-' || g, (g * 7919) % 10007"
                    + " FROM generate_series(1, " + ROWS + ") AS g",
            "ANALYZE " + NAME);

    /** The first {@code ?} rows in id order: what {@code /db?rows=N} runs. */
    public static final String SELECT_ROWS = "SELECT id, name, amount FROM " + NAME + " ORDER BY id LIMIT ?";
    /** The database's own waiting, no CPU: what {@code /db?ms=N} runs with {@code N / 1000.0} seconds. */
    public static final String SLEEP = "SELECT pg_sleep(?)";

    private DbTable() {
    }
}
