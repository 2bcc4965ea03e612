package io.loomarena.harness.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * The key of a chart, above its plot: one entry per series (a filled box for bars, a stretch of line with its marker
 * for lines), laid out left to right and wrapped into as many rows as the width needs. Above the plot rather than
 * beside it, so that the plot keeps the whole width and the key is read before the picture. Immutable.
 *
 * @param names  the series names, in drawing order
 * @param styles their styles
 * @param lines  whether entries are lines with markers (else boxes)
 */
public record Legend(List<String> names, List<SeriesStyle> styles, boolean lines) {

    static final double SIZE = 12;
    private static final double ROW = 20;
    private static final double GAP = 22;

    public Legend {
        names = List.copyOf(names);
        styles = List.copyOf(styles);
    }

    private double sample() {
        return lines ? 34 : 14;
    }

    /** The rows of entry indexes that fit in {@code width}. */
    private List<List<Integer>> rows(double width) {
        List<List<Integer>> rows = new ArrayList<>();
        List<Integer> row = new ArrayList<>();
        double used = 0;
        for (int i = 0; i < names.size(); i++) {
            double entry = sample() + 6 + Svg.textWidth(names.get(i), SIZE) + GAP;
            if (!row.isEmpty() && used + entry > width) {
                rows.add(row);
                row = new ArrayList<>();
                used = 0;
            }
            row.add(i);
            used += entry;
        }
        if (!row.isEmpty()) {
            rows.add(row);
        }
        return rows;
    }

    /** The height the legend takes in {@code width}; 0 when it has no entry. */
    public double height(double width) {
        return rows(width).size() * ROW;
    }

    /** Draws the legend from ({@code x}, {@code top}) across {@code width}. */
    public void draw(Svg svg, double x, double top, double width) {
        svg.group("legend");
        double y = top + ROW / 2;
        for (List<Integer> row : rows(width)) {
            double at = x;
            for (int i : row) {
                SeriesStyle style = styles.get(i);
                if (lines) {
                    svg.polyline(List.of(at, at + sample()), List.of(y, y), style.colour(), 2, style.dash());
                    style.mark(svg, at + sample() / 2, y, 4.5);
                } else {
                    svg.rect(at, y - 6, 14, 12, style.colour());
                }
                svg.text(at + sample() + 6, y + 4, names.get(i), Svg.Anchor.START, SIZE, false, Svg.TEXT);
                at += sample() + 6 + Svg.textWidth(names.get(i), SIZE) + GAP;
            }
            y += ROW;
        }
        svg.end();
    }
}
