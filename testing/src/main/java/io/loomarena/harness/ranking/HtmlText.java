package io.loomarena.harness.ranking;

/** Text as HTML shows it: the one escaping of the report's pages and of the ranking's HTML cells. Stateless. */
public final class HtmlText {

    private HtmlText() {
    }

    /** {@code text} with {@code & < > "} escaped. */
    public static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
