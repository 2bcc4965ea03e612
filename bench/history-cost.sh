#!/usr/bin/env bash
# What does the results history cost? A benchmark that prints figures (not a test), run from the test classes:
#   detection  change-point detection (io.loomarena.harness.history.change.DetectionBenchmark) over SERIES series of
#              POINTS fork-level points each (4 forks a run, 3% noise, three steps), warm, ROUNDS timed rounds per
#              series: the median time per series, beside the fastest and slowest series. Issue 40 asks for under 1 s
#              per series of 1,000 points.
# The figures belong to this machine at this moment; its load average is printed beside them.
#
# Usage: bench/history-cost.sh [--help]
# Environment: SERIES=20  POINTS=1000  ROUNDS=11  WARMUP=5  JAVA=/path/to/java (JDK >= 21)
# Exit status: 0 with figures, 1 when the build or a benchmark failed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPT_NAME=history-cost

# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"
help_or_no_arguments "$@"

SERIES="${SERIES:-20}"
POINTS="${POINTS:-1000}"
ROUNDS="${ROUNDS:-11}"
WARMUP="${WARMUP:-5}"
for name in SERIES POINTS ROUNDS WARMUP; do
  [[ "${!name}" =~ ^[0-9]+$ && "${!name}" -ge 1 ]] || die "$name must be a whole number >= 1, got '${!name}'"
done

JAVA_BIN="$(find_java)"
WORK="$(mktemp -d /tmp/history-cost.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT

# The test classes and the test classpath of the testing module, built first (its upstream modules too).
say "building the testing module's test classes and reading its test classpath" >&2
(cd "$ROOT" && ./mvnw -q -B -ntp -pl testing -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$WORK/classpath" >&2) || die "could not build the testing module's test classes"
CLASSPATH_TEST="$ROOT/testing/target/test-classes:$ROOT/testing/target/classes:$(cat "$WORK/classpath")"

say "load average before: $(load_avg)"
"$JAVA_BIN" -cp "$CLASSPATH_TEST" io.loomarena.harness.history.change.DetectionBenchmark \
    "$SERIES" "$POINTS" "$ROUNDS" "$WARMUP" || die "the detection benchmark failed"

# --- second benchmark: the report's rendering of a long history (added with the report's history section) --------
# "$JAVA_BIN" -cp "$CLASSPATH_TEST" <report-rendering main class> || die "the report benchmark failed"
# ------------------------------------------------------------------------------------------------------------------

say "load average after: $(load_avg)"
