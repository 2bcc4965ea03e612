package io.loomarena.harness.report.chart;

import java.util.Locale;

/**
 * How a series is drawn: colour, marker shape and dash pattern. Eight colours alone did not tell ten curves apart (two
 * greens, two oranges); the i-th style takes colour {@code i mod 8}, marker {@code i mod 6} and dash
 * {@code (i / 6) mod 3}, so any two of the first 18 styles differ in at least two of the three, and the colours are
 * the Okabe-Ito set (darkened for white), apart for the common colour-vision deficiencies. Immutable.
 *
 * @param colour the stroke and fill colour, {@code #rrggbb}
 * @param marker the marker shape
 * @param dash   an SVG dash array, empty for a solid line
 */
public record SeriesStyle(String colour, Marker marker, String dash) {

    /** Marker shapes that stay apart when small. */
    public enum Marker {
        CIRCLE, SQUARE, TRIANGLE, DIAMOND, TRIANGLE_DOWN, CROSS
    }

    private static final String[] COLOURS = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#56b4e9", "#b8860b",
        "#000000", "#8b4513"};
    private static final String[] DASHES = {"", "7 4", "2 3"};

    /** The {@code index}-th style (0 first). */
    public static SeriesStyle of(int index) {
        return new SeriesStyle(COLOURS[index % COLOURS.length],
                Marker.values()[index % Marker.values().length], DASHES[(index / 6) % DASHES.length]);
    }

    /** Draws the marker centred on ({@code x}, {@code y}), {@code r} its half size. */
    public void mark(Svg svg, double x, double y, double r) {
        String d = switch (marker) {
            case CIRCLE -> String.format(Locale.ROOT, "M%s %sa%s %s 0 1 0 %s 0a%s %s 0 1 0 %s 0Z", Svg.n(x - r),
                    Svg.n(y), Svg.n(r), Svg.n(r), Svg.n(2 * r), Svg.n(r), Svg.n(r), Svg.n(-2 * r));
            case SQUARE -> poly(x, y, r * 0.9, -1, -1, 1, -1, 1, 1, -1, 1);
            case TRIANGLE -> poly(x, y, r * 1.15, 0, -1, 1, 0.8, -1, 0.8);
            case DIAMOND -> poly(x, y, r * 1.2, 0, -1, 1, 0, 0, 1, -1, 0);
            case TRIANGLE_DOWN -> poly(x, y, r * 1.15, 0, 1, 1, -0.8, -1, -0.8);
            case CROSS -> poly(x, y, r, -1, -0.35, -0.35, -0.35, -0.35, -1, 0.35, -1, 0.35, -0.35, 1, -0.35, 1, 0.35,
                    0.35, 0.35, 0.35, 1, -0.35, 1, -0.35, 0.35, -1, 0.35);
        };
        svg.path(d, colour, "#fff", 0.8);
    }

    /** A closed polygon through the unit points {@code xy} scaled by {@code r} around ({@code x}, {@code y}). */
    private static String poly(double x, double y, double r, double... xy) {
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < xy.length; i += 2) {
            d.append(i == 0 ? "M" : "L").append(Svg.n(x + xy[i] * r)).append(' ').append(Svg.n(y + xy[i + 1] * r));
        }
        return d.append('Z').toString();
    }
}
