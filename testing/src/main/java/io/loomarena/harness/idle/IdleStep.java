package io.loomarena.harness.idle;

/**
 * The server's memory while it held {@code connections} idle connections, after a full collection, and what each
 * connection cost compared with the same server holding none. Immutable. Sizes in bytes, {@code -1} when unknown.
 *
 * @param connections          client connections open (each connected, none sending)
 * @param serverActive         connections the server counts as open (its {@code activeConnections} counter)
 * @param liveThreads          the server's live platform threads
 * @param rssBytes             the server's resident set size
 * @param heapUsedBytes        the server's heap in use after a full collection
 * @param rssPerConnection     (RSS now - RSS with no connection) / connections
 * @param heapPerConnection    (heap now - heap with no connection) / connections
 * @param threadsPerConnection (threads now - threads with no connection) / connections
 */
public record IdleStep(int connections, long serverActive, int liveThreads, long rssBytes, long heapUsedBytes,
                       double rssPerConnection, double heapPerConnection, double threadsPerConnection) {
}
