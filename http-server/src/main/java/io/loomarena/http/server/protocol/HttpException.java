package io.loomarena.http.server.protocol;

/**
 * A request that ends in an error status: thrown by the parser for malformed or over-limit input and by endpoints for
 * bad parameters or failed downstream calls. Every connection type maps it to a response in one place
 * ({@code Http1Exchange.respondError}). No stack trace is captured: these are answers to clients, not bugs, and a
 * flood of bad requests must stay cheap. Immutable: the server's own answers are shared constants.
 */
public final class HttpException extends Exception {

    private final int status;
    private final boolean closeConnection;

    /**
     * @param status          the response status, 400..599
     * @param message         one line for the response body, naming what was wrong
     * @param closeConnection whether the connection must close after the response (framing cannot be trusted)
     */
    public HttpException(int status, String message, boolean closeConnection) {
        super(message, null, false, false);
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("error status must be 400..599: " + status);
        }
        this.status = status;
        this.closeConnection = closeConnection;
    }

    /** A protocol error: the connection closes after the response. */
    public static HttpException protocol(int status, String message) {
        return new HttpException(status, message, true);
    }

    /** An application error on a well-framed request: the connection may stay open. */
    public static HttpException application(int status, String message) {
        return new HttpException(status, message, false);
    }

    public int status() {
        return status;
    }

    public boolean closeConnection() {
        return closeConnection;
    }
}
