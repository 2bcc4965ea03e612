package io.loomarena.http.server.db;

/**
 * The connection pool right now, as HikariCP counts it: a reader sees the ceiling when {@code active} sits at
 * {@code max} and {@code pending} grows. Immutable.
 *
 * @param active  connections lent to a request
 * @param idle    open connections nobody holds
 * @param pending threads waiting for a connection
 * @param max     the pool's size ({@code --db-pool-size})
 */
public record PoolFigures(int active, int idle, int pending, int max) {
}
