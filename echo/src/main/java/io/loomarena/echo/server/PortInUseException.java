package io.loomarena.echo.server;

import java.net.BindException;

/** Another socket already listens on the port an echo server was asked to use. */
public final class PortInUseException extends BindException {

    public PortInUseException(String host, int port, BindException cause) {
        super("port " + port + " on " + host + " is already in use");
        initCause(cause);
    }
}
