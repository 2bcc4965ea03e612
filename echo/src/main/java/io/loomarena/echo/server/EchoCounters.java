package io.loomarena.echo.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What an echo server has done so far: connections open now, connections accepted in total, bytes echoed and the
 * writes that carried them. Updated by the accept loop and every connection thread at once; reads are safe from any
 * thread and never block.
 */
public final class EchoCounters {

    /** Key of {@link #activeConnections()} in {@link #asMap()} (and in the {@code stats} answer on stdin). */
    public static final String ACTIVE_CONNECTIONS = "activeConnections";
    /** Key of {@link #acceptedConnections()} in {@link #asMap()}. */
    public static final String ACCEPTED_CONNECTIONS = "acceptedConnections";
    /** Key of {@link #bytesEchoed()} in {@link #asMap()}. */
    public static final String BYTES_ECHOED = "bytesEchoed";
    /**
     * Key of {@link #echoWrites()} in {@link #asMap()}: how many times bytes were written back. Messages per write
     * (from the client's count) says how much each read and write carried: in a closed loop of many clients the same
     * server may settle into writing one message at a time or several, and that, not the model, can set its cost per
     * message (docs/methodology.md, "Why forks differ").
     */
    public static final String ECHO_WRITES = "echoWrites";
    /** Key of the netty model's fact in {@link #asMap()}: 1 when it runs on Netty's epoll transport, 0 on NIO. */
    public static final String NETTY_EPOLL = "nettyEpoll";

    private final AtomicInteger active = new AtomicInteger();
    private final LongAdder accepted = new LongAdder();
    private final LongAdder echoed = new LongAdder();
    private final LongAdder writes = new LongAdder();
    /** Fixed facts of the server, after the counters in {@link #asMap()} (which transport Netty runs on). */
    private final Map<String, Long> facts = new java.util.concurrent.ConcurrentSkipListMap<>();

    /** Connections accepted and not closed yet, including those waiting for a thread of the {@code pool} model. */
    public int activeConnections() {
        return active.get();
    }

    /** Connections accepted since start. */
    public long acceptedConnections() {
        return accepted.sum();
    }

    /** Bytes written back to clients since start. */
    public long bytesEchoed() {
        return echoed.sum();
    }

    /** Writes of echoed bytes since start: one per read that returned bytes in the blocking models. */
    public long echoWrites() {
        return writes.sum();
    }

    /** The four counters by name, in a stable order, then the model's facts, if any. */
    public Map<String, Long> asMap() {
        Map<String, Long> map = new LinkedHashMap<>();
        map.put(ACTIVE_CONNECTIONS, (long) activeConnections());
        map.put(ACCEPTED_CONNECTIONS, acceptedConnections());
        map.put(BYTES_ECHOED, bytesEchoed());
        map.put(ECHO_WRITES, echoWrites());
        map.putAll(facts);
        return map;
    }

    /** Sets a fact that the {@code stats} answer carries beside the counters. */
    void fact(String key, long value) {
        facts.put(key, value);
    }

    void opened() {
        accepted.increment();
        active.incrementAndGet();
    }

    void closed() {
        active.decrementAndGet();
    }

    void echoed(int bytes) {
        if (bytes > 0) {
            echoed.add(bytes);
            writes.increment();
        }
    }

    @Override
    public String toString() {
        return asMap().toString();
    }
}
