package io.loomarena.harness.history;

/**
 * A stretch of a series between change points, over its points {@code from} (inclusive) to {@code to} (exclusive).
 *
 * @param mean     the mean of its points
 * @param ci95Low  the lower end of the 95% interval of that mean (Student's t over its points)
 * @param ci95High the upper end
 */
public record Segment(int from, int to, double mean, double ci95Low, double ci95High) {

    public Segment {
        if (from < 0 || to <= from) {
            throw new IllegalArgumentException("a segment needs 0 <= from < to, got " + from + ".." + to);
        }
    }

    public int size() {
        return to - from;
    }
}
