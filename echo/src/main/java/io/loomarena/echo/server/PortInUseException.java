package io.loomarena.echo.server;

import java.net.BindException;

/** Another socket already listens on the port an echo server was asked to use. */
public final class PortInUseException extends BindException {

    /** @param cause what the socket API reported (a {@link BindException}, or Netty's native error) */
    public PortInUseException(String host, int port, Throwable cause) {
        super("port " + port + " on " + host + " is already in use");
        initCause(cause);
    }
}
