package io.loomarena.echo.server;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code event-loop} model: a fixed number of event loops ({@code --loops}, by default one per processor the JVM
 * may use), each one platform thread, {@code echo-event-loop-N}, with its own {@code Selector} serving many
 * non-blocking connections ({@link EchoLoop}). The accept loop stays the blocking one every model shares and hands
 * each accepted connection to the next loop in turn, so accepting, the counters and the close sequence are the same
 * code as the blocking models'. No connection ever blocks a thread: a client that does not read only stops its own
 * connection being read ({@link EchoLoop}'s back-pressure).
 */
final class EventLoopEchoServer extends AbstractEchoServer {

    private final List<EchoLoop> loops = new ArrayList<>();
    /** Which loop takes the next connection; only the accept loop uses it. */
    private int next;

    EventLoopEchoServer(EchoServerConfig config) {
        super(config);
        String prefix = config.model().threadPrefix(THREAD_NAMES) + "-";
        for (int i = 1; i <= config.loops(); i++) {
            loops.add(new EchoLoop(prefix + i, config.bufferBytes(), counters(), this::release));
        }
    }

    /** A channel's socket: its accepted sockets have a channel, which the loops need to register. */
    @Override
    protected ServerSocket newListener() throws IOException {
        return ServerSocketChannel.open().socket();
    }

    @Override
    protected void startConnectionThreads() {
        loops.forEach(EchoLoop::start);
    }

    @Override
    protected void dispatch(Socket socket) {
        EchoLoop loop = loops.get(next);
        next = (next + 1) % loops.size();
        loop.add(socket);
    }

    /** The loops' threads that hold at least one connection now. */
    @Override
    public Set<Thread> connectionThreads() {
        return loops.stream().filter(EchoLoop::servesAny).map(EchoLoop::thread).collect(Collectors.toUnmodifiableSet());
    }

    @Override
    protected void stopConnectionThreads(Duration timeout) {
        loops.forEach(EchoLoop::stop);
        for (EchoLoop loop : loops) {
            loop.await(timeout);
        }
    }
}
