package io.loomarena.harness.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;

/**
 * How a series is drawn: colour, marker shape and dash pattern. Eight colours alone did not tell ten curves apart (two
 * greens, two oranges); the i-th style takes colour {@code i mod 8}, marker {@code i mod 6} and dash
 * {@code (i / 6) mod 3}, so any two of the first 18 styles differ in at least two of the three, and the colours are
 * the Okabe-Ito set (darkened for white), apart for the common colour-vision deficiencies. JFreeChart's default
 * series paints and shapes have neither property, so {@link Look} sets these on every renderer. Immutable.
 *
 * @param colour the stroke and fill colour, {@code #rrggbb}
 * @param marker the marker shape
 * @param dash   dash and gap lengths in pixels, space separated, empty for a solid line
 */
public record SeriesStyle(String colour, Marker marker, String dash) {

    /** Marker shapes that stay apart when small. */
    public enum Marker {
        CIRCLE, SQUARE, TRIANGLE, DIAMOND, TRIANGLE_DOWN, CROSS
    }

    private static final String[] COLOURS = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#56b4e9", "#b8860b",
        "#000000", "#8b4513"};
    private static final String[] DASHES = {"", "7 4", "2 3"};
    /** Half the size of a marker, in pixels. */
    private static final double R = 4.5;

    /** The {@code index}-th style (0 first). */
    public static SeriesStyle of(int index) {
        return new SeriesStyle(COLOURS[index % COLOURS.length],
                Marker.values()[index % Marker.values().length], DASHES[(index / 6) % DASHES.length]);
    }

    public Color paint() {
        return Color.decode(colour);
    }

    /** A 2 pixel line in this style's dash. */
    public Stroke stroke() {
        if (dash.isEmpty()) {
            return new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
        }
        String[] parts = dash.split(" ");
        float[] lengths = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            lengths[i] = Float.parseFloat(parts[i]);
        }
        return new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, lengths, 0f);
    }

    /** The marker, centred on (0, 0). */
    public Shape shape() {
        return switch (marker) {
            case CIRCLE -> new Ellipse2D.Double(-R, -R, 2 * R, 2 * R);
            case SQUARE -> new Rectangle2D.Double(-R * 0.9, -R * 0.9, 1.8 * R, 1.8 * R);
            case TRIANGLE -> polygon(R * 1.15, 0, -1, 1, 0.8, -1, 0.8);
            case DIAMOND -> polygon(R * 1.2, 0, -1, 1, 0, 0, 1, -1, 0);
            case TRIANGLE_DOWN -> polygon(R * 1.15, 0, 1, 1, -0.8, -1, -0.8);
            case CROSS -> polygon(R, -1, -0.35, -0.35, -0.35, -0.35, -1, 0.35, -1, 0.35, -0.35, 1, -0.35, 1, 0.35,
                    0.35, 0.35, 0.35, 1, -0.35, 1, -0.35, 0.35, -1, 0.35);
        };
    }

    /** A closed polygon through the unit points {@code xy} scaled by {@code r}. */
    private static Shape polygon(double r, double... xy) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(xy[0] * r, xy[1] * r);
        for (int i = 2; i < xy.length; i += 2) {
            path.lineTo(xy[i] * r, xy[i + 1] * r);
        }
        path.closePath();
        return path;
    }
}
