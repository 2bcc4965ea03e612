package io.loomarena.harness.db;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the pinned stacks of a recording say about the database's client code: how many events had a frame inside
 * pgjdbc ({@value #PGJDBC}) or HikariCP ({@value #HIKARI}), and the frames of theirs that pinned most often. A stack
 * is its frames' {@code class.method}, innermost first. Immutable.
 *
 * @param events       pinned events read
 * @param inDriver     events with a frame in pgjdbc
 * @param inPool       events with a frame in HikariCP
 * @param topFrames    the innermost driver or pool frame of each such event, counted, most frequent first (at most
 *                     {@value #TOP})
 */
public record PinnedStacks(long events, long inDriver, long inPool, Map<String, Long> topFrames) {

    /** pgjdbc's packages. */
    public static final String PGJDBC = "org.postgresql.";
    /** HikariCP's packages. */
    public static final String HIKARI = "com.zaxxer.hikari.";
    static final int TOP = 3;

    public PinnedStacks {
        topFrames = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(topFrames));
    }

    /** The counts of {@code stacks}, one per pinned event. */
    public static PinnedStacks of(List<List<String>> stacks) {
        long driver = stacks.stream().filter(s -> s.stream().anyMatch(f -> f.startsWith(PGJDBC))).count();
        long pool = stacks.stream().filter(s -> s.stream().anyMatch(f -> f.startsWith(HIKARI))).count();
        Map<String, Long> frames = stacks.stream()
                .flatMap(s -> s.stream().filter(f -> f.startsWith(PGJDBC) || f.startsWith(HIKARI)).limit(1))
                .collect(Collectors.groupingBy(f -> f, Collectors.counting()));
        Map<String, Long> top = new LinkedHashMap<>();
        frames.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey())).limit(TOP)
                .forEach(e -> top.put(e.getKey(), e.getValue()));
        return new PinnedStacks(stacks.size(), driver, pool, top);
    }

    /** {@code 12 events, 12 in pgjdbc, 0 in HikariCP; most: org.postgresql...read x12}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d events, %d with a frame in pgjdbc, %d in HikariCP%s", events, inDriver,
                inPool, topFrames.isEmpty() ? "" : "; innermost such frames: " + topFrames.entrySet().stream()
                        .map(e -> e.getKey() + " x" + e.getValue()).collect(Collectors.joining(", ")));
    }
}
