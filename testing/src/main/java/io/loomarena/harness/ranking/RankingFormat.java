package io.loomarena.harness.ranking;

/**
 * One way to present a ranking (console lines, Markdown, CSV, and later HTML). Implementations are stateless,
 * thread-safe and deterministic: the same ranking always gives the same text, formatted with {@code Locale.ROOT}.
 */
@FunctionalInterface
public interface RankingFormat {

    /** The whole text, lines separated by {@code \n}, ending with a newline. */
    String format(Ranking ranking);
}
