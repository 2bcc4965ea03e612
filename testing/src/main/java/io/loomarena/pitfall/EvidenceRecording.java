package io.loomarena.pitfall;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import jdk.jfr.Recording;

/**
 * A JFR recording of a pitfall's evidence events, every one of them (threshold 0: JDK 21's default of 20 ms would hide
 * the short blocks these workloads use), around the workload only, so that JVM start-up is not in it.
 */
final class EvidenceRecording implements AutoCloseable {

    private final Recording recording;

    private EvidenceRecording(Recording recording) {
        this.recording = recording;
    }

    static EvidenceRecording start(List<String> events) {
        Recording recording = new Recording();
        for (String event : events) {
            recording.enable(event).withThreshold(Duration.ZERO).withStackTrace();
        }
        recording.start();
        return new EvidenceRecording(recording);
    }

    /** Stops the recording and writes it to {@code file}. */
    void dumpTo(Path file) throws IOException {
        recording.stop();
        recording.dump(file);
    }

    @Override
    public void close() {
        recording.close();
    }
}
