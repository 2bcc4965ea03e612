package io.loomarena.harness.report.chart;

import java.util.List;
import java.util.Locale;

/**
 * A minimal SVG writer for the report's charts. It exists because XChart, whatever the SVG renderer's text hint, draws
 * every glyph as a filled outline ({@code TextLayout.getOutline}): one chart weighed hundreds of kilobytes and no
 * label could be searched, selected or read by a screen reader. Here every label is a {@code <text>} element in the
 * page's own sans-serif font, and the picture is lines, rectangles and paths with coordinates rounded to a tenth of a
 * pixel. Widths of text are estimated from character classes (no font is measured, so the output does not depend on
 * the fonts of the machine that writes it). Not thread-safe; one instance per picture.
 */
public final class Svg {

    /** Text anchors, as SVG names them. */
    public enum Anchor {
        START, MIDDLE, END;

        String svg() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final String TEXT = "#222";
    public static final String MUTED = "#555";
    public static final String GRID = "#e3e3e3";

    private final StringBuilder out = new StringBuilder();
    private final double width;
    private final double height;

    /** A picture {@code width} by {@code height} user units, described by {@code title} for screen readers. */
    public Svg(double width, double height, String title) {
        this.width = width;
        this.height = height;
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(n(width)).append(' ')
                .append(n(height)).append("\" width=\"").append(n(width)).append("\" height=\"").append(n(height))
                .append("\" role=\"img\" aria-label=\"").append(escape(title))
                .append("\" style=\"max-width:100%;height:auto\" font-family=\"sans-serif\">\n<title>")
                .append(escape(title)).append("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }

    /** A line of text whose baseline starts, centres or ends at ({@code x}, {@code y}). */
    public Svg text(double x, double y, String text, Anchor anchor, double size, boolean bold, String colour) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append('"');
        attributes(anchor, size, bold, colour);
        out.append('>').append(escape(text)).append("</text>\n");
        return this;
    }

    /**
     * Text with a white outline behind its glyphs, readable where it crosses a line of the plot (point labels).
     */
    public Svg haloText(double x, double y, String text, Anchor anchor, double size, String colour) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append('"');
        attributes(anchor, size, false, colour);
        out.append(" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">").append(escape(text))
                .append("</text>\n");
        return this;
    }

    /** Text turned a quarter left (reading upwards), centred on ({@code x}, {@code y}): a y axis title. */
    public Svg upwardText(double x, double y, String text, double size, String colour) {
        out.append("<text transform=\"translate(").append(n(x)).append(',').append(n(y)).append(") rotate(-90)\"");
        attributes(Anchor.MIDDLE, size, false, colour);
        out.append('>').append(escape(text)).append("</text>\n");
        return this;
    }

    private void attributes(Anchor anchor, double size, boolean bold, String colour) {
        if (anchor != Anchor.START) {
            out.append(" text-anchor=\"").append(anchor.svg()).append('"');
        }
        out.append(" font-size=\"").append(n(size)).append('"');
        if (bold) {
            out.append(" font-weight=\"bold\"");
        }
        out.append(" fill=\"").append(colour).append('"');
    }

    public Svg line(double x1, double y1, double x2, double y2, String colour, double strokeWidth) {
        out.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(colour).append("\" stroke-width=\"")
                .append(n(strokeWidth)).append("\"/>\n");
        return this;
    }

    public Svg rect(double x, double y, double w, double h, String fill) {
        out.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" fill=\"").append(fill).append("\"/>\n");
        return this;
    }

    /** An open line through {@code xs}/{@code ys}; {@code dash} is an SVG dash array, empty for a solid line. */
    public Svg polyline(List<Double> xs, List<Double> ys, String colour, double strokeWidth, String dash) {
        out.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"")
                .append(n(strokeWidth)).append('"');
        if (!dash.isEmpty()) {
            out.append(" stroke-dasharray=\"").append(dash).append('"');
        }
        out.append(" points=\"");
        for (int i = 0; i < xs.size(); i++) {
            out.append(i == 0 ? "" : " ").append(n(xs.get(i))).append(',').append(n(ys.get(i)));
        }
        out.append("\"/>\n");
        return this;
    }

    /** A path in SVG path syntax, filled and/or stroked ({@code none} for neither). */
    public Svg path(String d, String fill, String stroke, double strokeWidth) {
        out.append("<path d=\"").append(d).append("\" fill=\"").append(fill).append("\" stroke=\"").append(stroke)
                .append("\" stroke-width=\"").append(n(strokeWidth)).append("\"/>\n");
        return this;
    }

    /** Starts a group that carries a class name (for tests and for styling), closed by {@link #end()}. */
    public Svg group(String cssClass) {
        out.append("<g class=\"").append(cssClass).append("\">\n");
        return this;
    }

    public Svg end() {
        out.append("</g>\n");
        return this;
    }

    /** The finished picture. */
    @Override
    public String toString() {
        return out + "</svg>";
    }

    /**
     * About how wide {@code text} is at {@code size}, from the widths of a common sans-serif font's characters by
     * class (capitals and digits wide, lower case narrower, punctuation narrow), leaning wide so that labels do not
     * collide.
     */
    public static double textWidth(String text, double size) {
        double em = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            em += Character.isUpperCase(c) ? 0.70 : Character.isDigit(c) ? 0.64
                    : Character.isLowerCase(c) ? 0.57 : c == ' ' || c == '.' || c == ',' || c == ':' ? 0.33 : 0.60;
        }
        return em * size;
    }

    /** A coordinate or size: at most one decimal, none when whole. */
    static String n(double value) {
        double rounded = Math.round(value * 10) / 10.0;
        return rounded == Math.rint(rounded) ? String.valueOf((long) rounded) : String.valueOf(rounded);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
