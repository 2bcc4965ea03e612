package io.loomarena.harness.history.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.loomarena.harness.history.HistoryStore;
import io.loomarena.harness.history.RunRow;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.export.BmfJson;
import io.loomarena.harness.history.export.JmhJson;
import io.loomarena.harness.history.export.SeriesCsv;
import io.loomarena.harness.summary.BenchmarkSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code history export}: a run's summaries as JMH's JSON result file or as Bencher's metric format, or a series as
 * CSV, on standard output or into a file.
 */
@Command(name = "export", description = "A run as JMH JSON (--format jmh) or Bencher's BMF JSON (bmf), or a series"
        + " as CSV (csv).")
final class ExportCommand implements java.util.concurrent.Callable<Integer> {

    /** What the export writes. */
    enum Format { JMH, BMF, CSV }

    @ParentCommand
    HistoryCommand history;

    @Option(names = "--format", required = true, paramLabel = "<format>",
            description = "jmh, bmf (a run's summaries) or csv (a series).")
    Format format;

    @Option(names = "--run", paramLabel = "<run>", description = "The run to export (jmh, bmf): its id ('history runs').")
    Long run;

    @Option(names = "--series", paramLabel = "<series>", description = "The series to export (csv).")
    String series;

    @Option(names = "--out", paramLabel = "<file>", description = "The file to write (default: standard output).")
    Path out;

    @Override
    public Integer call() {
        if (format == Format.CSV ? series == null : run == null) {
            throw history.bad("--format " + format.name().toLowerCase(java.util.Locale.ROOT) + " needs "
                    + (format == Format.CSV ? "--series <series>" : "--run <run>"));
        }
        return history.withStore(store -> {
            String text = format == Format.CSV ? csv(store) : runExport(store);
            if (out == null) {
                history.spec.commandLine().getOut().print(text);
                history.spec.commandLine().getOut().flush();
                return HistoryCommand.EXIT_OK;
            }
            HistoryCommand.writeFile(out, text);
            return history.print(List.of("wrote " + out));
        });
    }

    private String runExport(HistoryStore store) {
        RunRow row = history.run(store, run);
        List<BenchmarkSummary> summaries = store.summaries(row.id());
        if (summaries.isEmpty()) {
            throw new IllegalStateException("run " + row.id() + " recorded no summary to export");
        }
        return format == Format.JMH ? JmhJson.write(summaries) : BmfJson.write(summaries);
    }

    private String csv(HistoryStore store) {
        SeriesKey key = history.resolve(store, series);
        return SeriesCsv.write(key, store.points(key), Optional.of(history.analyse(store, key)));
    }
}
