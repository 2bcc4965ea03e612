package io.loomarena.http.load;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback HTTP/1.1 server for tests: it reads each request head and answers with what {@link Behaviour} returns.
 * The accept loop runs on one platform thread, each connection on a virtual thread; closing the server closes every
 * connection it holds.
 */
final class TinyHttpServer implements AutoCloseable {

    /** What to do with the {@code n}-th request of the server (from 0). */
    interface Behaviour {
        /** The bytes to send; null to send nothing and close the connection; an empty array to never answer. */
        byte[] answer(long n, String requestHead);
    }

    /** How long a connection waits for the client's next bytes before it is closed: no test waits forever. */
    private static final int READ_TIMEOUT_MILLIS = 20_000;

    static final Behaviour PONG = (n, head) -> response(200, "pong", head.contains("Connection: close"));

    private final ServerSocket server;
    private final Behaviour behaviour;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final boolean closeAfterEach;

    TinyHttpServer(Behaviour behaviour) throws IOException {
        this(behaviour, false);
    }

    /** With {@code closeAfterEach}, every connection is closed after one answer without saying so in a header. */
    TinyHttpServer(Behaviour behaviour, boolean closeAfterEach) throws IOException {
        this.server = new ServerSocket(0, 1000, InetAddress.getLoopbackAddress());
        this.behaviour = behaviour;
        this.closeAfterEach = closeAfterEach;
        Thread acceptor = Thread.ofPlatform().name("tiny-http-accept").daemon().unstarted(this::accept);
        acceptor.start();
    }

    static byte[] response(int status, String body, boolean close) {
        return ("HTTP/1.1 " + status + " X\r\nContent-Length: " + body.length() + "\r\n"
                + (close ? "Connection: close\r\n" : "") + "\r\n" + body).getBytes(StandardCharsets.ISO_8859_1);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getLocalPort() + path;
    }

    long requests() {
        return requests.get();
    }

    long connections() {
        return connections.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                socket.setSoTimeout(READ_TIMEOUT_MILLIS);
                connections.incrementAndGet();
                open.add(socket);
                Thread.ofVirtual().name("tiny-http-conn").start(() -> serve(socket));
            } catch (IOException e) {
                // closed: the loop ends
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; InputStream in = new java.io.BufferedInputStream(socket.getInputStream());
             OutputStream out = socket.getOutputStream()) {
            String head;
            while ((head = readHead(in)) != null) {
                byte[] answer = behaviour.answer(requests.getAndIncrement(), head);
                if (answer == null) {
                    return;
                }
                if (answer.length == 0) {
                    in.read(); // never answer: wait until the client gives up and closes
                    return;
                }
                out.write(answer);
                out.flush();
                if (closeAfterEach || head.contains("Connection: close") || new String(answer, StandardCharsets.ISO_8859_1)
                        .contains("Connection: close")) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client went away
        } finally {
            open.remove(socket);
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == 4) {
                return head.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : open) {
            socket.close();
        }
    }
}
