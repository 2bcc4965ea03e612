package io.loomarena.echo.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Arrays;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import io.loomarena.measure.LatencyHistograms;
import org.HdrHistogram.Histogram;

/**
 * One echo session: connects, waits for the run's start signal, then sends its messages one at a time, reads each
 * echo completely and compares it byte for byte. Runs entirely on its own thread; stops at the first error. Its open
 * socket is registered in the run's set so that the run's overall timeout can close it.
 */
final class EchoSession {

    /** Distinct random messages a session cycles through (so a stale echo of the previous message is a mismatch). */
    static final int PAYLOAD_VARIANTS = 8;

    private final int index;
    private final EchoClientConfig config;
    private final CountDownLatch connected;
    private final CountDownLatch start;
    private final Set<Socket> openSockets;
    private final AtomicBoolean runTimedOut;

    EchoSession(int index, EchoClientConfig config, CountDownLatch connected, CountDownLatch start,
                Set<Socket> openSockets, AtomicBoolean runTimedOut) {
        this.index = index;
        this.config = config;
        this.connected = connected;
        this.start = start;
        this.openSockets = openSockets;
        this.runTimedOut = runTimedOut;
    }

    SessionResult run() {
        Histogram latency = LatencyHistograms.newHistogram();
        byte[][] payloads = payloads(config.seed() + index, config.size());
        byte[] echo = new byte[config.size()];
        long echoed = 0;
        Socket socket = new Socket();
        try {
            try {
                socket.setTcpNoDelay(true);
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, config.readTimeout().toMillis()));
                socket.connect(new InetSocketAddress(config.host(), config.port()),
                        (int) Math.min(Integer.MAX_VALUE, config.readTimeout().toMillis()));
                openSockets.add(socket);
            } finally {
                connected.countDown();
            }
            start.await();
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            for (int i = 0; i < config.messages(); i++) {
                byte[] message = payloads[i % PAYLOAD_VARIANTS];
                long sent = System.nanoTime();
                out.write(message);
                int read = in.readNBytes(echo, 0, echo.length);
                long nanos = System.nanoTime() - sent;
                if (read < echo.length) {
                    throw new EOFException("end of stream after " + read + " of " + echo.length + " echoed bytes");
                }
                if (!Arrays.equals(message, echo)) {
                    return new SessionResult(echoed, latency, ErrorKind.MISMATCH);
                }
                LatencyHistograms.recordNanos(latency, nanos);
                echoed++;
            }
            return new SessionResult(echoed, latency, null);
        } catch (IOException e) {
            return new SessionResult(echoed, latency, ErrorKind.of(e, runTimedOut.get()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new SessionResult(echoed, latency, ErrorKind.TIMEOUT);
        } finally {
            openSockets.remove(socket);
            try {
                socket.close();
            } catch (IOException e) {
                // Closing is best effort; the session's result is already decided.
            }
        }
    }

    /** The session's messages, random from its seed, generated before the timed work starts. */
    static byte[][] payloads(long seed, int size) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[][] payloads = new byte[PAYLOAD_VARIANTS][size];
        for (byte[] payload : payloads) {
            random.nextBytes(payload);
        }
        return payloads;
    }
}
