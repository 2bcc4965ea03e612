package io.loomarena.harness.ranking;

import java.util.List;
import java.util.stream.Collectors;

import io.loomarena.harness.ranking.RankingTable.Column;
import io.loomarena.harness.ranking.RankingTable.Output;

/**
 * A {@link RankingTable} as CSV (RFC 4180, comma separated, header first, one row per combination in the table's
 * order): plain numbers in the units their column names say, {@code Locale.ROOT}, empty cells for figures that do not
 * exist. Stateless.
 */
public final class CsvRanking {

    private CsvRanking() {
    }

    /** The whole CSV, header first, each line ending with a newline. */
    public static String render(RankingTable table) {
        List<Column> columns = table.columns(Output.CSV);
        StringBuilder out = new StringBuilder(header(table)).append('\n');
        for (RankingTable.Row row : table.rows()) {
            out.append(columns.stream().map(column -> column.cell().apply(row)).collect(Collectors.joining(",")))
                    .append('\n');
        }
        return out.toString();
    }

    /** The header line, without its newline. */
    public static String header(RankingTable table) {
        return table.columns(Output.CSV).stream().map(Column::label).collect(Collectors.joining(","));
    }

    /** Quotes a text cell when it holds a comma, a quote or a line break. */
    static String quote(String text) {
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }
}
