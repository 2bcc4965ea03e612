package io.loomarena.harness.jvm;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

import io.loomarena.harness.HarnessException;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * What a pitfall's JFR recording holds, read by the harness itself (the program under test does not grade itself):
 * per event type, how many events and their total duration. Immutable.
 *
 * @param counts    events per type name
 * @param durations total duration per type name
 */
public record JfrEvidence(Map<String, Long> counts, Map<String, Duration> durations) {

    public JfrEvidence {
        counts = Map.copyOf(counts);
        durations = Map.copyOf(durations);
    }

    /** Reads every event of {@code file}. */
    public static JfrEvidence read(Path file) {
        Map<String, Long> counts = new TreeMap<>();
        Map<String, Duration> durations = new TreeMap<>();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                String type = event.getEventType().getName();
                counts.merge(type, 1L, Long::sum);
                durations.merge(type, event.getDuration(), Duration::plus);
            }
        } catch (IOException e) {
            throw new HarnessException("cannot read the JFR recording " + file + ": " + e.getMessage(), e);
        }
        return new JfrEvidence(counts, durations);
    }

    /** How many {@code type} events were recorded (0 when none). */
    public long count(String type) {
        return counts.getOrDefault(type, 0L);
    }

    /** Their total duration ({@link Duration#ZERO} when none). */
    public Duration duration(String type) {
        return durations.getOrDefault(type, Duration.ZERO);
    }
}
