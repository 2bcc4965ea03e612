package io.loomarena.echo.server;

import java.net.Socket;
import java.time.Duration;

/**
 * The {@code single} model: the accept loop's own thread, {@code echo-single-acceptor}, serves each connection to
 * its end before it accepts the next one. Later clients wait in the listen backlog; one slow client holds up all of
 * them (head-of-line blocking, the point of this model).
 */
final class SingleEchoServer extends AbstractEchoServer {

    SingleEchoServer(EchoServerConfig config) {
        super(config);
    }

    @Override
    protected void dispatch(Socket socket) {
        serve(socket);
    }

    @Override
    protected void stopConnectionThreads(Duration timeout) {
        // The only thread is the accept loop, which the common close sequence joins.
    }
}
