package io.loomarena.http.load;

import java.io.IOException;

/**
 * The server closed the connection before sending any byte of the response. On a reused keep-alive connection this
 * usually means the server had closed it while idle, and the request is sent again on a new connection.
 */
public final class NoResponseException extends IOException {

    private static final long serialVersionUID = 1L;

    public NoResponseException(String message) {
        super(message);
    }
}
