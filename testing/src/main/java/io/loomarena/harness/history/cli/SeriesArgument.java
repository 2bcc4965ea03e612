package io.loomarena.harness.history.cli;

import java.util.List;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.harness.history.HistoryStore;
import io.loomarena.harness.history.SeriesKey;

/**
 * A series as a user names it on the command line: its full name {@code suite/combination/metric@testbed}
 * ({@link SeriesKey#name()}), or without {@code @testbed} where one testbed only has that series.
 */
final class SeriesArgument {

    private SeriesArgument() {
    }

    /**
     * The series {@code name} names in {@code store}.
     *
     * @throws BadArgumentException naming the problem when no series or several match
     */
    static SeriesKey resolve(HistoryStore store, String name) {
        List<SeriesKey> all = store.series();
        List<SeriesKey> matching = all.stream().filter(key -> key.name().equals(name)
                || !name.contains("@") && key.name().startsWith(name + "@")).toList();
        if (matching.size() == 1) {
            return matching.getFirst();
        }
        if (matching.isEmpty()) {
            throw new BadArgumentException("no series '" + name + "' in " + store.describe() + " (" + all.size()
                    + " series; 'history series' lists them, named suite/combination/metric@testbed)");
        }
        throw new BadArgumentException("series '" + name + "' is on " + matching.size() + " testbeds ("
                + String.join(", ", matching.stream().map(SeriesKey::testbed).toList()) + "): add @<testbed>");
    }
}
