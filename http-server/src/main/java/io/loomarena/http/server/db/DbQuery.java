package io.loomarena.http.server.db;

import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.QueryParams;

/**
 * One {@code /db} request's query: exactly one of {@code ms=N} (the database sleeps N ms, 0..{@value #MAX_MILLIS})
 * or {@code rows=N} (the first N rows of {@link DbTable}, 1..{@value DbTable#ROWS}). Immutable.
 *
 * @param millis the sleep in ms, or -1 for a rows query
 * @param rows   the rows to read, or 0 for a sleep
 */
record DbQuery(long millis, int rows) {

    /** The longest {@code ms=N}: one minute, as {@code /io}. */
    static final long MAX_MILLIS = 60_000;

    /** @throws HttpException 400 naming what is wrong: neither or both parameters, a value out of range */
    static DbQuery parse(String rawQuery) throws HttpException {
        boolean sleep = QueryParams.present(rawQuery, "ms");
        boolean rows = QueryParams.present(rawQuery, "rows");
        if (sleep == rows) {
            throw QueryParams.bad("/db takes exactly one of ms=N (0.." + MAX_MILLIS + ") or rows=N (1.."
                    + DbTable.ROWS + ")" + (sleep ? ", not both" : ""));
        }
        return sleep ? new DbQuery(QueryParams.integer(rawQuery, "ms", 0, MAX_MILLIS), 0)
                : new DbQuery(-1, (int) QueryParams.integer(rawQuery, "rows", 1, DbTable.ROWS));
    }

    boolean isSleep() {
        return millis >= 0;
    }
}
