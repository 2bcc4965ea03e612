package io.loomarena.testing.reliability;

import java.util.Locale;

import io.loomarena.harness.flood.ConnectionFlood;
import io.loomarena.harness.flood.FloodOutcome;
import io.loomarena.harness.flood.FloodPlan;
import io.loomarena.harness.flood.FloodTarget;
import io.loomarena.harness.flood.ServerSnapshot;
import io.loomarena.harness.options.RunOptions;

/**
 * The connection flood of one scenario (one forked server JVM), shared by the flood steps through PicoContainer and
 * closed after the scenario. Used by the scenario's thread only.
 */
public final class FloodScenario implements AutoCloseable {

    /** Connections served one after another before the baseline is measured. */
    static final int WARM_UP_CONNECTIONS = 20;

    private ConnectionFlood flood;
    private FloodPlan.Mode mode;

    public void start(FloodTarget target) {
        flood = ConnectionFlood.start(target, RunOptions.ofThisJvm().harness());
        flood.warmUpAndMeasureBaseline(WARM_UP_CONNECTIONS);
    }

    public FloodOutcome flood(int connections, FloodPlan.Mode floodMode) {
        mode = floodMode;
        return flood().flood(connections, floodMode);
    }

    /** Whether a server JVM was started for a flood in this scenario. */
    public boolean started() {
        return flood != null;
    }

    public ConnectionFlood flood() {
        if (flood == null) {
            throw new IllegalStateException("no server JVM was started for a flood in this scenario");
        }
        return flood;
    }

    public FloodPlan.Mode mode() {
        return mode;
    }

    /** Records the flood's figures: connections, time, failures, threads, memory and file descriptors. */
    public void recordFigures(ReliabilityRecord record) {
        ConnectionFlood f = flood();
        FloodOutcome outcome = f.outcome();
        ServerSnapshot baseline = f.baseline();
        record.figure("server", f.target().label());
        record.figure("flood mode", mode == FloodPlan.Mode.HOLD ? "all held open until every one was served"
                : "each closed once served");
        record.figure("connections attempted", outcome.attempted());
        record.figure("connections served", outcome.served());
        record.figure("connections failed", outcome.failed() + " " + outcome.failuresText());
        record.figure("flood time", String.format(Locale.ROOT, "%.1f s", outcome.elapsed().toMillis() / 1000.0));
        record.figure("peak connections open on the server", f.peakActiveConnections());
        record.figure("threads before / peak", baseline.liveThreads() + " / " + f.peakThreads());
        record.figure("fds before / peak (sampled)", baseline.fileDescriptors() + " / " + f.peakFileDescriptors());
        record.figure("heap before (after GC) / peak (sampled)", ServerSnapshot.mib(baseline.heapUsedBytes()) + " / "
                + ServerSnapshot.mib(f.peakHeapBytes()));
        record.figure("RSS before / peak", ServerSnapshot.mib(baseline.rssBytes()) + " / "
                + ServerSnapshot.mib(f.peak().peakRssBytes()));
        ServerSnapshot held = f.held();
        if (held != null) {
            // Every served connection was still open at this snapshot (its client holds it until all are served):
            // the count does not depend on the server counting its connections, which Tomcat and Helidon do not.
            long connections = Math.max(1, outcome.served());
            record.figure("connections held", outcome.served());
            record.figure("threads while held", held.liveThreads());
            record.figure("fds while held", held.fileDescriptors());
            record.figure("sockets while held", f.heldSockets());
            record.figure("RSS while held", ServerSnapshot.mib(held.rssBytes()));
            record.figure("live heap while held (after GC)", ServerSnapshot.mib(f.heldLive().heapUsedBytes()));
            record.figure("RSS per held connection", kib((held.rssBytes() - baseline.rssBytes()) / connections));
            record.figure("live heap per held connection",
                    kib((f.heldLive().heapUsedBytes() - baseline.heapUsedBytes()) / connections));
        }
    }

    /** Records the figures after the flood, once they are back to the baseline. */
    public void recordAfter(ReliabilityRecord record, ServerSnapshot after) {
        record.figure("threads after", after.liveThreads());
        record.figure("fds after", after.fileDescriptors());
        record.figure("heap after (after GC)", ServerSnapshot.mib(after.heapUsedBytes()));
        record.figure("RSS after", ServerSnapshot.mib(after.rssBytes()));
    }

    private static String kib(long bytes) {
        return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }

    @Override
    public void close() {
        if (flood != null) {
            flood.close();
        }
    }
}
