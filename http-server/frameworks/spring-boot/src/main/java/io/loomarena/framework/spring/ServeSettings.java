package io.loomarena.framework.spring;

import java.net.URI;
import java.time.Duration;

/**
 * What {@code serve} starts: Tomcat's thread model, where it listens, what {@code /fanout} calls. Immutable; the
 * command line is checked in {@link ServeCommand}, these are the invariants that hold whatever built it.
 *
 * @param threads            Tomcat's thread model
 * @param host               the address to listen on
 * @param port               the port, 0 for a free one
 * @param poolSize           {@code server.tomcat.threads.max} of the platform pool, or 0 for Tomcat's default (200);
 *                           always 0 with virtual threads, where it means nothing
 * @param downstream         what {@code /fanout} calls, or null for this server's own {@code /io}
 * @param downstreamTimeout  what one {@code /fanout} call may take beyond its {@code ms}
 */
record ServeSettings(ThreadChoice threads, String host, int port, int poolSize, URI downstream,
                     Duration downstreamTimeout) {

    ServeSettings {
        if (threads == null || host == null || host.isBlank() || downstreamTimeout == null) {
            throw new IllegalArgumentException("threads, host and downstream timeout are required");
        }
        if (port < 0 || port > 65535 || poolSize < 0) {
            throw new IllegalArgumentException("port 0..65535 and a pool size >= 0: " + port + ", " + poolSize);
        }
        if (threads == ThreadChoice.VIRTUAL && poolSize != 0) {
            throw new IllegalArgumentException("virtual threads have no pool size: " + poolSize);
        }
    }
}
