package io.loomarena.http.server.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The loop's outbound queue over a real loopback connection: straight writes, the queued remainder, its order. */
class OutboundQueueTest {

    private ServerSocket listener;
    private SocketChannel channel;
    private Socket peer;
    private OutboundQueue queue;

    @BeforeEach
    void connect() throws IOException {
        listener = new ServerSocket();
        listener.setReceiveBufferSize(16 * 1024); // small buffers on both sides: a few MiB never fit at once
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
        channel = SocketChannel.open();
        channel.setOption(StandardSocketOptions.SO_SNDBUF, 16 * 1024);
        channel.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort()));
        channel.configureBlocking(false);
        peer = listener.accept();
        peer.setSoTimeout(5_000);
        queue = new OutboundQueue(channel);
    }

    @AfterEach
    void close() throws IOException {
        queue.close();
        channel.close();
        peer.close();
        listener.close();
    }

    @Test
    void writesStraightToTheSocketWhenNothingIsQueued() throws IOException {
        ByteBuffer response = ByteBuffer.allocateDirect(64).put(bytes("HTTP/1.1 304 Not Modified\r\n\r\n")).flip();

        assertThat(queue.write(response)).isEqualTo(29);

        assertThat(response.hasRemaining()).isFalse();
        assertThat(queue.queued()).isZero();
        assertThat(queue.sent()).isEqualTo(29);
        assertThat(queue.sendQueued()).isTrue();
        assertThat(new String(peer.getInputStream().readNBytes(29), StandardCharsets.US_ASCII))
                .isEqualTo("HTTP/1.1 304 Not Modified\r\n\r\n");
    }

    @Test
    void queuesACopyOfWhatTheSocketDoesNotTakeAndSendsEverythingInOrder() throws Exception {
        int size = 2 * 1024 * 1024; // more than the socket buffers take at once
        ByteBuffer reused = ByteBuffer.allocateDirect(size);
        byte[] first = filled(size, (byte) 'a');
        byte[] second = filled(size, (byte) 'b');
        CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
            try {
                return peer.getInputStream().readNBytes(2 * size);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });

        queue.write(reused.clear().put(first).flip());
        long queuedAfterFirst = queue.queued();
        // The writer reuses its buffer as soon as the call returns: what was queued must not change with it.
        queue.write(reused.clear().put(second).flip());

        assertThat(queuedAfterFirst).isPositive().isLessThan(size);
        assertThat(queue.queued()).isEqualTo(queuedAfterFirst + size); // queued behind, not written past the first
        sendAllAsTheSocketTakesIt();
        assertThat(queue.sent()).isEqualTo(2L * size);
        byte[] all = received.get(10, TimeUnit.SECONDS);
        assertThat(Arrays.copyOfRange(all, 0, size)).isEqualTo(first);
        assertThat(Arrays.copyOfRange(all, size, 2 * size)).isEqualTo(second);
    }

    @Test
    void queuesTheRemainderOfAGatheringWrite() throws Exception {
        int size = 2 * 1024 * 1024;
        ByteBuffer head = ByteBuffer.allocateDirect(16).put(bytes("head")).flip();
        ByteBuffer body = ByteBuffer.allocateDirect(size).put(filled(size, (byte) 'x')).flip().asReadOnlyBuffer();
        CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
            try {
                return peer.getInputStream().readNBytes(4 + size);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });

        assertThat(queue.write(new ByteBuffer[] {head, body})).isEqualTo(4L + size);

        assertThat(head.hasRemaining()).isFalse();
        assertThat(body.hasRemaining()).isFalse();
        assertThat(queue.queued()).isPositive();
        sendAllAsTheSocketTakesIt();
        byte[] all = received.get(10, TimeUnit.SECONDS);
        assertThat(new String(all, 0, 4, StandardCharsets.US_ASCII)).isEqualTo("head");
        assertThat(Arrays.copyOfRange(all, 4, all.length)).containsOnly((byte) 'x').hasSize(size);
    }

    @Test
    void aClosedQueueRefusesWrites() {
        queue.close();

        assertThatThrownBy(() -> queue.write(ByteBuffer.wrap(bytes("late"))))
                .isInstanceOf(ClosedChannelException.class);
        assertThat(queue.queued()).isZero();
    }

    /** What the loop does: send the queue whenever the selector says the socket is writable, until it is empty. */
    private void sendAllAsTheSocketTakesIt() throws IOException {
        try (Selector selector = Selector.open()) {
            channel.register(selector, SelectionKey.OP_WRITE);
            while (!queue.sendQueued()) {
                assertThat(selector.select(5_000)).as("the socket became writable").isPositive();
                selector.selectedKeys().clear();
                queue.writable();
            }
        }
        assertThat(queue.queued()).isZero();
    }

    private static byte[] filled(int size, byte value) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, value);
        return bytes;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
