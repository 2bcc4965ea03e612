package io.loomarena.harness.history;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One recorded run as the history lists it.
 *
 * @param id       the store's number for it, increasing in recording order
 * @param commit   the commit measured (full hash)
 * @param dirty    whether the working tree had uncommitted changes
 * @param branch   the branch, when known
 * @param start    when the run started
 * @param end      when it ended
 * @param suite    what ran: a suite ({@code echo}, {@code http-ping}, ...), {@code ab-gate} or {@code capacity}
 * @param testbed  the testbed's fingerprint id
 * @param excluded why a user excluded it from every series, when they did
 */
public record RunRow(long id, String commit, boolean dirty, Optional<String> branch, Instant start, Instant end,
                     String suite, String testbed, Optional<String> excluded) {

    public RunRow {
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(branch, "branch");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(testbed, "testbed");
        Objects.requireNonNull(excluded, "excluded");
    }
}
