package io.loomarena.harness.report.chart;

/**
 * Grid lines and tick labels of a plot's axes, shared by the bar and line charts so that both read alike: major ticks
 * draw a grey grid line across the plot and carry their label, minor ticks a fainter line and a label only when the
 * scale gave them one. Stateless.
 */
final class Axes {

    private Axes() {
    }

    /** The y axis at {@code left}, its grid across {@code width}, labels right-aligned left of it. */
    static void yAxis(Svg svg, Scale scale, double left, double width, double top, double bottom, double size) {
        svg.group("y-axis");
        for (Scale.Tick tick : scale.ticks()) {
            double y = bottom - scale.fraction(tick.value()) * (bottom - top);
            svg.line(left, y, left + width, y, tick.major() ? Svg.GRID : "#f2f2f2", 1);
            if (!tick.label().isEmpty()) {
                svg.text(left - 6, y + size * 0.35, tick.label(), Svg.Anchor.END, tick.major() ? size : size - 1,
                        false, tick.major() ? Svg.TEXT : Svg.MUTED);
            }
        }
        svg.line(left, top, left, bottom, "#999", 1).line(left, bottom, left + width, bottom, "#999", 1);
        svg.end();
    }

    /** The x axis along {@code bottom}, its grid up to {@code top}, labels centred under their ticks. */
    static void xAxis(Svg svg, Scale scale, double left, double width, double top, double bottom, double size) {
        svg.group("x-axis");
        for (Scale.Tick tick : scale.ticks()) {
            double x = left + scale.fraction(tick.value()) * width;
            svg.line(x, top, x, bottom, tick.major() ? Svg.GRID : "#f2f2f2", 1);
            if (!tick.label().isEmpty()) {
                svg.text(x, bottom + size + 6, tick.label(), Svg.Anchor.MIDDLE, tick.major() ? size : size - 1, false,
                        tick.major() ? Svg.TEXT : Svg.MUTED);
            }
        }
        svg.line(left, top, left, bottom, "#999", 1).line(left, bottom, left + width, bottom, "#999", 1);
        svg.end();
    }
}
