package io.loomarena.harness.flood;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Opens a flood of connections to one server from this JVM, one virtual thread per connection: each connects (at most
 * {@link FloodPlan#connectConcurrency()} at a time), sends its request, reads and checks its reply, and then either
 * closes or stays open until every connection is settled ({@link FloodPlan.Mode#HOLD}). In HOLD mode the caller's
 * {@code whileHeld} action runs while the served connections are all open, before any closes; that is where the
 * server's figures are read. Every read and connect has a timeout, and the whole flood is bounded by
 * {@link FloodPlan#overallTimeout()}. One flood at a time per instance; the instance holds no state between runs.
 */
public final class FloodClient {

    /** Read buffer per connection: a reply is small, and 10,000 connections must not cost much memory here. */
    private static final int READ_BUFFER_BYTES = 512;

    private final InetSocketAddress server;

    public FloodClient(String host, int port) {
        this.server = new InetSocketAddress(host, port);
    }

    /** Runs one flood; {@code whileHeld} runs once, after every connection settled, before the held ones close. */
    public FloodOutcome run(FloodPlan plan, FloodProtocol protocol, Runnable whileHeld) {
        Flood flood = new Flood(plan, protocol);
        long started = System.nanoTime();
        try (ExecutorService threads = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("flood-client-", 0).factory())) {
            for (int i = 0; i < plan.connections(); i++) {
                int index = i;
                threads.execute(() -> flood.connection(index));
            }
            boolean settled = flood.awaitSettled(plan.overallTimeout());
            Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            try {
                if (plan.mode() == FloodPlan.Mode.HOLD) {
                    whileHeld.run();
                }
            } finally {
                flood.release();
                if (!settled) {
                    flood.closeAll(); // late connections give up now: their reads fail and they count as unsettled
                }
            }
            return flood.outcome(elapsed);
        }
    }

    /** The shared state of one flood. */
    private final class Flood {
        private final FloodPlan plan;
        private final FloodProtocol protocol;
        private final Semaphore connecting;
        private final CountDownLatch settled;
        private final CountDownLatch released = new CountDownLatch(1);
        private final Socket[] sockets;
        private final AtomicInteger served = new AtomicInteger();
        private final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
        private final AtomicReference<String> firstFailure = new AtomicReference<>("");
        private volatile boolean giveUp;

        Flood(FloodPlan plan, FloodProtocol protocol) {
            this.plan = plan;
            this.protocol = protocol;
            this.connecting = new Semaphore(plan.connectConcurrency());
            this.settled = new CountDownLatch(plan.connections());
            this.sockets = new Socket[plan.connections()];
        }

        void connection(int index) {
            Socket socket = new Socket();
            synchronized (sockets) {
                sockets[index] = socket;
            }
            boolean counted = false;
            try {
                connect(socket);
                socket.setSoTimeout(millis(plan.replyTimeout()));
                OutputStream out = socket.getOutputStream();
                out.write(protocol.request(index));
                out.flush();
                InputStream in = new BufferedInputStream(socket.getInputStream(), READ_BUFFER_BYTES);
                protocol.readReply(in, index);
                served.incrementAndGet();
                counted = true;
                settled.countDown();
                if (plan.mode() == FloodPlan.Mode.HOLD) {
                    released.await(plan.overallTimeout().toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (IOException e) {
                fail(giveUp ? "unsettled" : kind(e), e);
                counted = true;
                settled.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                if (!counted) {
                    fail("unsettled", new IOException("interrupted"));
                    settled.countDown();
                }
                closeQuietly(socket);
            }
        }

        private void connect(Socket socket) throws IOException {
            try {
                connecting.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted before connecting", e);
            }
            try {
                if (giveUp) {
                    throw new IOException("the flood's time was up before this connection started");
                }
                socket.connect(server, millis(plan.connectTimeout()));
            } catch (ConnectException e) {
                throw e;
            } catch (SocketTimeoutException e) {
                throw new ConnectTimeout(e);
            } finally {
                connecting.release();
            }
        }

        private void fail(String kind, IOException e) {
            failures.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
            firstFailure.compareAndSet("", kind + ": " + e.getMessage());
        }

        boolean awaitSettled(Duration timeout) {
            try {
                return settled.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        void release() {
            released.countDown();
        }

        void closeAll() {
            giveUp = true;
            synchronized (sockets) {
                for (Socket socket : sockets) {
                    closeQuietly(socket);
                }
            }
        }

        FloodOutcome outcome(Duration elapsed) {
            Map<String, Integer> counts = new ConcurrentHashMap<>();
            failures.forEach((kind, count) -> counts.put(kind, count.get()));
            return new FloodOutcome(plan.connections(), served.get(), counts, elapsed, firstFailure.get());
        }
    }

    /** A connect that did not complete in time (told apart from a read timeout). */
    private static final class ConnectTimeout extends IOException {
        ConnectTimeout(SocketTimeoutException cause) {
            super("connect timed out", cause);
        }
    }

    private static String kind(IOException e) {
        if (e instanceof ConnectTimeout) {
            return "connect";
        }
        if (e instanceof ConnectException) {
            return "refused";
        }
        if (e instanceof SocketTimeoutException) {
            return "timeout";
        }
        if (e instanceof FloodProtocol.FloodReplyException) {
            return "mismatch";
        }
        if (e instanceof EOFException) {
            return "closed";
        }
        if (e instanceof SocketException) {
            return "reset";
        }
        return "io";
    }

    private static void closeQuietly(Socket socket) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException e) {
            // Closing is best effort: the flood is over for this connection.
        }
    }

    private static int millis(Duration duration) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, duration.toMillis()));
    }
}
