package io.loomarena.harness.report.chart;

import java.awt.Rectangle;
import java.util.concurrent.atomic.AtomicLong;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.text.TextUtils;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;
import org.jfree.svg.SVGUtils;
import org.jfree.svg.ViewBox;

/**
 * Draws a JFreeChart chart as one inline SVG element with JFreeSVG. JFreeSVG rather than XChart (whose SVG export,
 * whatever its text hint, fills every glyph's outline: one chart weighed hundreds of kilobytes and no label could be
 * searched, selected or read by a screen reader) and rather than hand-drawn SVG: JFreeSVG writes each
 * {@code drawString} as a {@code <text>} element in the page's sans-serif font, and JFreeChart draws its titles, tick
 * labels, legends and item labels with {@code drawString}. Coordinates are rounded to a tenth of a pixel, the element
 * scales down with the page ({@code viewBox}, {@code max-width:100%}), carries its title for screen readers, and its
 * clip path ids are unique in the page, since every chart of the report shares one HTML document. Text is measured
 * with the fonts of the JVM that writes the page, so a label's box may differ a little from the browser's.
 * Thread-safe.
 */
final class ChartSvg {

    private static final AtomicLong CHARTS = new AtomicLong();

    static {
        // JFreeChart draws rotated text (a y axis title) through a TextLayout by default, a workaround for a JDK 1.3
        // bug that fills the glyphs' outlines; drawString keeps the title text. JFreeChart draws no other chart here.
        TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private ChartSvg() {
    }

    /** {@code chart} drawn {@code width} by {@code height} pixels, as an {@code <svg>} element. */
    static String svg(JFreeChart chart, int width, int height) {
        String title = chart.getTitle() == null ? "" : chart.getTitle().getText();
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        g2.setDefsKeyPrefix("chart" + CHARTS.incrementAndGet() + "-");
        g2.setGeomDoubleConverter(SVGUtils.createDoubleConverter(1));
        g2.setTransformDoubleConverter(SVGUtils.createDoubleConverter(3));
        g2.setRenderingHint(SVGHints.KEY_ELEMENT_TITLE, title);
        chart.draw(g2, new Rectangle(width, height));
        String svg = g2.getSVGElement(null, true, new ViewBox(0, 0, width, height), null, null);
        return "<svg role='img' aria-label='" + SVGUtils.escapeForXML(title) + "' style='max-width:100%;height:auto'"
                + svg.substring("<svg".length());
    }
}
