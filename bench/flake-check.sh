#!/usr/bin/env bash
# Does the default build pass on a busy machine? Clones one commit of this repository afresh, starts a background
# load of its own on every CPU, and runs the default build's tests (what CI runs, `.ci/run`: bench/install-jdk21.sh,
# then `./mvnw -B -ntp test`) RUNS times, each run in a fresh clone. After each run it prints every failing test (class
# and test, then the first line of its message, read from the surefire reports) and one summary line; at the end one
# line for all runs. A test that fails here only under load judges how fast this machine is: fix it at its cause
# (docs/flake-check.md), never with a retry.
#
# The load: one busy loop pinned to each CPU (taskset), busy LOAD ms of every 100 ms, from before the first clone
# until the script ends; it stops on exit, on Ctrl-C and when the script is killed (each loop checks its parent).
#
# Usage: bench/flake-check.sh [--help]
# Environment: RUNS=3         how many runs, each in its own fresh clone
#              LOAD=50        percent of each 100 ms every CPU is kept busy (0: no load)
#              COMMIT=HEAD    the commit to test (any git revision of the repository this script sits in)
#              MVN_ARGS=      more arguments for Maven, e.g. "-pl measurement -Dtest=RunResultTest
#                             -Dsurefire.failIfNoSpecifiedTests=false" for a quick try of the script itself
#              KEEP=0         1 keeps each run's clone (its target/ folders) instead of removing it
# A full run takes what the default build takes (about 13-14 minutes on 2 CPUs, longer under load). Each run's Maven
# output is kept in the folder printed at the start. Exit status: 0 when every run passed, 1 when any failed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPT_NAME=flake-check

# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"
help_or_no_arguments "$@"

RUNS="${RUNS:-3}"
LOAD="${LOAD:-50}"
COMMIT="${COMMIT:-HEAD}"
MVN_ARGS="${MVN_ARGS:-}"
KEEP="${KEEP:-0}"

[[ "$RUNS" =~ ^[0-9]+$ ]] && (( RUNS >= 1 )) || die "RUNS must be a whole number >= 1, got '$RUNS'"
[[ "$LOAD" =~ ^[0-9]+$ ]] && (( LOAD <= 100 )) || die "LOAD must be 0..100 (percent busy per 100 ms), got '$LOAD'"
[[ "$KEEP" == 0 || "$KEEP" == 1 ]] || die "KEEP must be 0 or 1, got '$KEEP'"
SHA="$(git -C "$ROOT" rev-parse --verify --quiet "${COMMIT}^{commit}")" \
  || die "COMMIT '$COMMIT' is not a commit of $ROOT"
command -v python3 >/dev/null || die "python3 is needed (the background load and the report)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/flake-check.XXXXXX")"
LOAD_PIDS=()

stop_loads() {
  local pid
  for pid in "${LOAD_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${LOAD_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  LOAD_PIDS=()
}
cleanup() {
  stop_loads
  if [[ "$KEEP" == 0 ]]; then rm -rf "$WORK"/clone-*; fi
}
trap cleanup EXIT
trap 'say "interrupted: the load is stopped"; exit 130' INT TERM

# One busy loop per CPU: busy LOAD ms, idle the rest of each 100 ms. It ends by itself when this script is gone.
start_loads() {
  local cpu
  (( LOAD > 0 )) || return 0
  for ((cpu = 0; cpu < $(nproc); cpu++)); do
    on_cpu "$cpu"
    "${ON_CPU[@]}" python3 -c '
import os, sys, time
duty, parent = int(sys.argv[1]) / 100.0, int(sys.argv[2])
while os.getppid() == parent:
    start = time.monotonic()
    while time.monotonic() - start < 0.1 * duty:
        pass
    time.sleep(max(0.0, 0.1 * (1 - duty)))
' "$LOAD" "$$" &
    LOAD_PIDS+=("$!")
  done
}

# Prints "tests failures errors skipped" over the surefire reports under $1, then one line per failing test.
read_reports() {
  python3 - "$1" <<'PY'
import glob, os, sys
import xml.etree.ElementTree as ET
tests = failed = errors = skipped = 0
lines = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "**", "target", "surefire-reports", "TEST-*.xml"),
                             recursive=True)):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        lines.append(f"  unreadable report {path}: {e}")
        continue
    for case in root.iter("testcase"):
        tests += 1
        if case.find("skipped") is not None:
            skipped += 1
        for kind in ("failure", "error"):
            problem = case.find(kind)
            if problem is None:
                continue
            if kind == "failure":
                failed += 1
            else:
                errors += 1
            text = (problem.get("message") or problem.text or problem.get("type") or "").strip()
            first = text.splitlines()[0] if text else "(no message)"
            lines.append(f"  FAILED {case.get('classname', '?')}.{case.get('name', '?')}: {first[:300]}")
print(tests, failed, errors, skipped)
print("\n".join(lines))
PY
}

say "flake-check: $RUNS run(s) of ${SHA:0:12} ($COMMIT), load ${LOAD}% on each of $(nproc) CPU(s), logs in $WORK"
start_loads
bad_runs=0
for ((run = 1; run <= RUNS; run++)); do
  clone="$WORK/clone-$run"
  log="$WORK/run-$run.log"
  git clone --quiet --no-checkout "$ROOT" "$clone"
  git -C "$clone" checkout --quiet --detach "$SHA"
  started=$(date +%s)
  status=0
  # What .ci/run does, with MVN_ARGS added (the JDK 21 install downloads nothing once done).
  # shellcheck disable=SC2086
  (cd "$clone" && bash bench/install-jdk21.sh && ./mvnw -B -ntp test $MVN_ARGS) >"$log" 2>&1 || status=$?
  minutes=$(awk -v s="$(( $(date +%s) - started ))" 'BEGIN { printf "%.1f", s / 60 }')
  report="$(read_reports "$clone")"
  read -r tests failures errors skipped <<<"$(head -n 1 <<<"$report")"
  tail -n +2 <<<"$report" | grep -v '^$' || true
  if (( status == 0 && failures + errors == 0 )); then
    verdict="passed"
  else
    verdict="FAILED"
    bad_runs=$(( bad_runs + 1 ))
    if (( failures + errors == 0 )); then
      say "  no failing test in the reports: Maven exited $status (the end of $log says why)"
    fi
  fi
  say "run $run/$RUNS $verdict: $tests tests, $(( failures + errors )) failed ($failures failures, $errors errors)," \
    "$skipped skipped, $minutes min, exit code $status"
  if [[ "$KEEP" == 0 ]]; then rm -rf "$clone"; fi
done
stop_loads
say "flake-check: $(( RUNS - bad_runs )) of $RUNS run(s) of ${SHA:0:12} passed under a ${LOAD}% load on each CPU" \
  "(logs in $WORK)"
(( bad_runs == 0 ))
