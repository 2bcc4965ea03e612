package io.loomarena.echo.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.loomarena.model.ServerModel;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * The {@code netty} model: the same design as {@code event-loop} in Netty 4.2, the industrial reference. One acceptor
 * loop ({@code echo-netty-acceptor}) and {@code --loops} worker loops ({@code echo-netty-N}), on Netty's epoll
 * transport where its native library loads ({@link Epoll#isAvailable()}), on NIO otherwise; {@link #transport()} says
 * which, the server's first stderr line says it and its {@code stats} carry it ({@link EchoCounters#NETTY_EPOLL}). The same
 * spec as every model: every byte back in order; a client's half-close gets what is left, then end of stream
 * (Netty's half-closure); back-pressure by the outbound buffer's high-water mark (at most {@code bufferBytes} queued
 * per connection, beyond which the connection is not read until the client takes some); a reset ends its connection
 * alone; {@link #close()} stops accepting, lets each connection write back what it has read, then closes it.
 */
final class NettyEchoServer implements EchoServer {

    private static final System.Logger LOG = System.getLogger(NettyEchoServer.class.getName());

    private final EchoServerConfig config;
    private final EchoCounters counters = new EchoCounters();
    private final boolean epoll = Epoll.isAvailable();
    /** Every open connection with the loop thread that serves it. */
    private final Map<Channel, Thread> open = new ConcurrentHashMap<>();
    /** Every thread the groups started, to join at close (a group's termination may precede its threads' end). */
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final EventLoopGroup acceptor;
    private final EventLoopGroup loops;
    private final Object lifecycle = new Object();
    private Channel listener;
    private boolean started;
    private boolean closed;

    NettyEchoServer(EchoServerConfig config) {
        this.config = config;
        counters.fact(EchoCounters.NETTY_EPOLL, epoll ? 1 : 0);
        String prefix = config.model().threadPrefix(THREAD_NAMES);
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        acceptor = new MultiThreadIoEventLoopGroup(1, named(prefix + "-acceptor", false), io);
        loops = new MultiThreadIoEventLoopGroup(config.loops(), named(prefix + "-", true), io);
    }

    /** {@code epoll} or {@code nio}: the transport this server runs on. */
    String transport() {
        return epoll ? "epoll" : "nio";
    }

    @Override
    public void start() throws IOException {
        synchronized (lifecycle) {
            if (started || closed) {
                throw new IllegalStateException("an echo server starts once");
            }
            Class<? extends ServerSocketChannel> channel = epoll ? EpollServerSocketChannel.class
                    : NioServerSocketChannel.class;
            int bound = config.bufferBytes();
            ChannelFuture bind = new ServerBootstrap().group(acceptor, loops).channel(channel)
                    .option(ChannelOption.SO_BACKLOG, config.backlog())
                    .childOption(ChannelOption.TCP_NODELAY, true) // as the blocking models: no Nagle delay
                    .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true) // a half-close gets the rest of its echo
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(bound / 2, bound))
                    .childHandler(new Echo())
                    .bind(new InetSocketAddress(InetAddress.getByName(config.host()), config.port()))
                    .awaitUninterruptibly();
            if (!bind.isSuccess()) {
                close(); // the groups' threads end here: a server that cannot listen keeps none
                Throwable cause = bind.cause();
                if (String.valueOf(cause.getMessage()).contains("in use")) {
                    throw new PortInUseException(config.host(), config.port(), cause);
                }
                throw cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause);
            }
            listener = bind.channel();
            started = true;
            LOG.log(System.Logger.Level.DEBUG, () -> "echo netty: transport " + transport());
        }
    }

    @Override
    public ServerModel model() {
        return config.model();
    }

    @Override
    public int port() {
        synchronized (lifecycle) {
            if (listener == null) {
                throw new IllegalStateException("the echo server is not started");
            }
            return ((InetSocketAddress) listener.localAddress()).getPort();
        }
    }

    @Override
    public EchoCounters counters() {
        return counters;
    }

    @Override
    public Set<Thread> connectionThreads() {
        return Set.copyOf(open.values());
    }

    @Override
    public void close() {
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
        }
        long grace = config.closeGrace().toNanos();
        if (listener != null) {
            listener.close().awaitUninterruptibly(grace, TimeUnit.NANOSECONDS);
        }
        // Graceful part, as the blocking models' shutdownInput: read no more, write back what was read, then close.
        open.keySet().forEach(channel -> channel.eventLoop().execute(() -> {
            channel.config().setAutoRead(false);
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }));
        long deadline = System.nanoTime() + grace;
        open.keySet().forEach(channel -> channel.closeFuture()
                .awaitUninterruptibly(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
        // Still open now: typically writing to a client that does not read. Closed by force, as the others do.
        open.keySet().forEach(Channel::close);
        acceptor.shutdownGracefully(0, grace, TimeUnit.NANOSECONDS);
        loops.shutdownGracefully(0, grace, TimeUnit.NANOSECONDS);
        acceptor.terminationFuture().awaitUninterruptibly(grace, TimeUnit.NANOSECONDS);
        loops.terminationFuture().awaitUninterruptibly(grace, TimeUnit.NANOSECONDS);
        for (Thread thread : threads) {
            try {
                if (!thread.join(config.closeGrace())) {
                    LOG.log(System.Logger.Level.WARNING, thread.getName() + " did not end within " + grace + " ns");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Netty's own thread class (faster thread-locals), named as every model's threads are, and remembered. */
    private ThreadFactory named(String name, boolean numbered) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new FastThreadLocalThread(task, numbered ? name + count.incrementAndGet() : name);
            threads.add(thread);
            return thread;
        };
    }

    /** RFC 862 on every connection, on the connection's loop; one instance for all of them (it keeps no state). */
    @ChannelHandler.Sharable
    private final class Echo extends ChannelInboundHandlerAdapter {

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            open.put(ctx.channel(), Thread.currentThread());
            counters.opened();
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (open.remove(ctx.channel()) != null) {
                counters.closed();
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            int bytes = ((ByteBuf) msg).readableBytes();
            ctx.write(msg, ctx.voidPromise()); // the buffer goes back as it came: no copy
            counters.echoed(bytes);
            if (!ctx.channel().isWritable()) {
                // Over the bound: read nothing more from this client until it has taken some of its echo.
                ctx.channel().config().setAutoRead(false);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            if (ctx.channel().isWritable() && ctx.channel().isOpen()) {
                ctx.channel().config().setAutoRead(true);
            }
            ctx.fireChannelWritabilityChanged();
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof ChannelInputShutdownEvent || event == ChannelInputShutdownReadComplete.INSTANCE) {
                // The client half-closed: write back what is queued, then close (our FIN follows the last byte).
                ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // Reset by the client, or any other failure of this connection: it alone ends.
            LOG.log(System.Logger.Level.DEBUG, () -> "echo connection ended: " + cause);
            ctx.close();
        }
    }
}
