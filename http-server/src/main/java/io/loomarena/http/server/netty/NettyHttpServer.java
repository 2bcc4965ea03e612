package io.loomarena.http.server.netty;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.loomarena.http.server.BundledContent;
import io.loomarena.http.server.RunningServer;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.ServerMetrics;
import io.loomarena.http.server.protocol.Validators;
import io.loomarena.http.server.stage.ConcurrencyStage;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * {@code serve --model netty}: the industrial reference for {@code /ping} and {@code /data.json}, in Netty 4.2 with
 * its own HTTP codec ({@link HttpServerCodec}), built as Netty's users build such a server. Not a stage: it serves
 * only those two paths and {@code /metrics} ({@link NettyHttpHandler}), so the suites other than {@code ping} leave it
 * out. One acceptor loop ({@code http-netty-acceptor}) and {@code --loops} worker loops ({@code http-netty-N}), on
 * Netty's epoll transport where its native library loads ({@link Epoll#isAvailable()}), on NIO otherwise; which one
 * is {@link #transport()}, printed by {@code serve} on stderr and in {@code stats} ({@link #EPOLL_COUNTER}) and
 * {@code /metrics}. {@code /data.json} is read once at start, as {@code --cache-content} does. Thread-safe.
 */
public final class NettyHttpServer implements RunningServer {

    /**
     * The key of the transport in {@code stats}: 1 epoll, 0 NIO. The same key as the echo netty model's
     * ({@code EchoCounters.NETTY_EPOLL}), so that the harness records it in the summary as {@code serverNettyEpoll}.
     */
    public static final String EPOLL_COUNTER = "nettyEpoll";
    /** The paths the reference serves; every other path is a 404 that says so. */
    public static final String ENDPOINTS = "/ping, /data.json, /metrics";

    private final ServerConfig config;
    private final boolean epoll = Epoll.isAvailable();
    private final ServerMetrics metrics = new ServerMetrics();
    private final NettyResponses responses;
    /** Every open connection. */
    private final Set<Channel> open = ConcurrentHashMap.newKeySet();
    /** Every thread the groups started, to join at the end. */
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final EventLoopGroup acceptor;
    private final EventLoopGroup loops;
    private volatile Channel listener;
    private volatile boolean clean;

    private NettyHttpServer(ServerConfig config, byte[] data, Validators validators) {
        this.config = config;
        this.responses = new NettyResponses(data, validators, config.staticMaxAge(), metrics, config.model(), epoll);
        String prefix = config.model().threadPrefix(ConcurrencyStage.THREAD_NAMES);
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        acceptor = new MultiThreadIoEventLoopGroup(1, named(prefix + "-acceptor", false), io);
        loops = new MultiThreadIoEventLoopGroup(config.loops(), named(prefix + "-", true), io);
    }

    /**
     * Reads {@code /data.json}'s content, binds and starts accepting.
     *
     * @throws BindException when the address is in use
     * @throws IOException   when the content cannot be read or the address cannot be bound
     */
    public static NettyHttpServer start(ServerConfig config) throws IOException {
        Path dataFile = config.dataFile() != null ? config.dataFile() : BundledContent.dataFile();
        BasicFileAttributes attributes = Files.readAttributes(dataFile, BasicFileAttributes.class);
        byte[] data = Files.readAllBytes(dataFile);
        Validators validators = Validators.of(data.length, attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS));
        NettyHttpServer server = new NettyHttpServer(config, data, validators);
        server.bind();
        return server;
    }

    private void bind() throws IOException {
        Class<? extends ServerSocketChannel> channel = epoll ? EpollServerSocketChannel.class
                : NioServerSocketChannel.class;
        ChannelFuture bind = new ServerBootstrap().group(acceptor, loops).channel(channel)
                .option(ChannelOption.SO_BACKLOG, config.backlog())
                .childOption(ChannelOption.TCP_NODELAY, true) // as the other models: no Nagle delay
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel connection) {
                        // The request line and the header section up to 8 KiB each, as the other models' limits.
                        connection.pipeline().addLast(new HttpServerCodec(8192, 8192, 8192),
                                new NettyHttpHandler(responses, open, draining::get,
                                        config.maxRequestsPerConnection()));
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getByName(config.host()), config.port()))
                .awaitUninterruptibly();
        if (!bind.isSuccess()) {
            shutdown(Duration.ZERO); // the groups' threads end here: a server that cannot listen keeps none
            Throwable cause = bind.cause();
            if (cause instanceof BindException || String.valueOf(cause.getMessage()).contains("in use")) {
                throw new BindException("Address already in use");
            }
            throw cause instanceof IOException e ? e : new IOException(cause.getMessage(), cause);
        }
        listener = bind.channel();
    }

    /** {@code epoll} or {@code nio}: the transport this server runs on. */
    public String transport() {
        return epoll ? "epoll" : "nio";
    }

    @Override
    public int port() {
        Channel bound = listener;
        if (bound == null) {
            throw new IllegalStateException("the netty server is not listening");
        }
        return ((InetSocketAddress) bound.localAddress()).getPort();
    }

    public ServerMetrics metrics() {
        return metrics;
    }

    @Override
    public Map<String, Long> counters() {
        Map<String, Long> counters = new LinkedHashMap<>(metrics.counters());
        counters.put(EPOLL_COUNTER, epoll ? 1L : 0L);
        return counters;
    }

    /**
     * Stops gracefully, as the other models: no new connection; an idle connection closes at once; a connection
     * whose requests are being answered sends what it has read the answers to (the last saying
     * {@code Connection: close}), then closes. What is still open when {@code grace} runs out is closed.
     */
    @Override
    public boolean shutdown(Duration grace) {
        if (!stopping.compareAndSet(false, true)) {
            awaitTermination(grace.plusSeconds(1));
            return clean;
        }
        long deadline = System.nanoTime() + grace.toNanos();
        try {
            Channel bound = listener;
            if (bound != null) {
                bound.close().awaitUninterruptibly(grace.toMillis(), TimeUnit.MILLISECONDS);
            }
            draining.set(true);
            // On each connection's own loop, after whatever it is writing: answers already written go first.
            open.forEach(NettyHttpHandler::closeWhenWritten);
            boolean ended = true;
            for (Channel channel : open) {
                ended &= channel.closeFuture().awaitUninterruptibly(
                        Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            clean = ended;
            open.forEach(Channel::close);
            long left = Math.max(TimeUnit.SECONDS.toNanos(1), deadline - System.nanoTime());
            acceptor.shutdownGracefully(0, left, TimeUnit.NANOSECONDS);
            loops.shutdownGracefully(0, left, TimeUnit.NANOSECONDS);
            acceptor.terminationFuture().awaitUninterruptibly(left, TimeUnit.NANOSECONDS);
            loops.terminationFuture().awaitUninterruptibly(left, TimeUnit.NANOSECONDS);
            for (Thread thread : threads) {
                thread.join(Duration.ofNanos(left));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            terminated.countDown();
        }
        return clean;
    }

    @Override
    public boolean awaitTermination(Duration timeout) {
        try {
            return terminated.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
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
}
