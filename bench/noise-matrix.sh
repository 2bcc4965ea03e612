#!/usr/bin/env bash
# Does the ranking hold on a noisy machine? Runs the quick echo matrix (the default `./mvnw test`'s echo benchmark and
# its ranking scenario) RUNS times in a row. In each run marked for load, a background busy loop that this script
# starts and stops itself runs pinned to LOAD_CPU at a fixed duty cycle (LOAD_DUTY percent of every 100 ms period),
# from LOAD_AFTER seconds into the run for LOAD_FOR seconds: a neighbour that comes and goes, as on a laptop or a
# shared CI runner. After each run it prints that run's ranking (rank, combination, msg/s, 95% interval, tied-with,
# throughput over the fastest's), and at the end every order flip: a pair of combinations that two runs put in
# opposite orders while neither run declared the two tied (the ranking's promise is that there is none).
#
# Usage: bench/noise-matrix.sh [--help]
# Environment: RUNS=3  LOADS="yes yes yes" (one word per run: yes = with the background loop, no = quiet)
#              LOAD_CPU=0  LOAD_DUTY=50 (percent busy per 100 ms)  LOAD_AFTER=60  LOAD_FOR=120 (seconds)
#              FORKS, WARMUPS, ITERATIONS, FILL_BUDGET: the harness's -Dloomarena.forks/.warmupIterations/.iterations
#              /.fillBudget (default: the harness's defaults; FILL_BUDGET such as 4m gives the placement fill more time)
#              TAGS='@Echo and (@Performance or @PerformanceSummary) and not @Slow and not @Functional'
# Each run takes what the quick echo matrix takes (about 7.5 minutes at the defaults on a 2-CPU machine). The
# rankings are also kept as CSV, with each run's summaries, in the folder printed at the end. Do not edit the working
# tree while it runs: each run compiles it. Exit status: 0 without flips, 1 with flips or when
# a run fails.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPT_NAME=noise-matrix

# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"
help_or_no_arguments "$@"

RUNS="${RUNS:-3}"
LOADS="${LOADS:-}"
LOAD_CPU="${LOAD_CPU:-0}"
LOAD_DUTY="${LOAD_DUTY:-50}"
LOAD_AFTER="${LOAD_AFTER:-60}"
LOAD_FOR="${LOAD_FOR:-120}"
TAGS="${TAGS:-@Echo and (@Performance or @PerformanceSummary) and not @Slow and not @Functional}"

[[ "$RUNS" =~ ^[0-9]+$ ]] && (( RUNS >= 1 )) || die "RUNS must be a whole number >= 1, got '$RUNS'"
check_load_settings
[[ -z "$LOADS" ]] && LOADS="$(for ((i = 0; i < RUNS; i++)); do printf 'yes '; done)"
read -r -a LOAD_OF_RUN <<< "$LOADS"
[[ ${#LOAD_OF_RUN[@]} -eq $RUNS ]] || die "LOADS needs one word per run ($RUNS), got '$LOADS'"
for word in "${LOAD_OF_RUN[@]}"; do
  [[ "$word" == yes || "$word" == no ]] || die "LOADS words are yes or no, got '$word'"
done
command -v python3 >/dev/null || die "python3 is needed for the busy loop and to compare the rankings"
KEEP="$(mktemp -d /tmp/noise-matrix.XXXXXX)"
WORK="$KEEP/work"
mkdir -p "$WORK"

cleanup() { stop_load; rm -rf "$WORK"; }
trap cleanup EXIT

properties=()
[[ -n "${FORKS:-}" ]] && properties+=("-Dloomarena.forks=$FORKS")
[[ -n "${WARMUPS:-}" ]] && properties+=("-Dloomarena.warmupIterations=$WARMUPS")
[[ -n "${ITERATIONS:-}" ]] && properties+=("-Dloomarena.iterations=$ITERATIONS")
[[ -n "${FILL_BUDGET:-}" ]] && properties+=("-Dloomarena.fillBudget=$FILL_BUDGET")

failed=no
for ((run = 1; run <= RUNS; run++)); do
  load="${LOAD_OF_RUN[$((run - 1))]}"
  say "== run $run of $RUNS, background load: $load$([[ $load == yes ]] && echo " (CPU $LOAD_CPU, $LOAD_DUTY% busy, from ${LOAD_AFTER}s for ${LOAD_FOR}s)"), load average $(load_avg)"
  if [[ "$load" == yes ]]; then
    load_window &
    TIMER_PID=$!
  fi
  log="$KEEP/run$run.log"
  rm -f "$ROOT/target-results/echo/ranking.csv" # a failed run must not pass an earlier run's ranking for its own
  if ! (cd "$ROOT" && ./mvnw -B -ntp test -pl testing -am -Dtest=RunCucumberTest -Dsurefire.failIfNoSpecifiedTests=false \
      "-Dcucumber.filter.tags=$TAGS" "${properties[@]}") > "$log" 2>&1; then
    say "run $run failed: see $log"
    failed=yes
  fi
  stop_load
  if [[ -f "$ROOT/target-results/echo/ranking.csv" ]]; then
    cp "$ROOT/target-results/echo/ranking.csv" "$KEEP/run$run.csv"
  fi
  # The run's summaries, for its iterations one by one (placement readings, neighbours) after the next run.
  mkdir -p "$KEEP/run$run-summaries" && cp "$ROOT"/target-results/echo/*.json "$KEEP/run$run-summaries/" 2>/dev/null || true
  grep -F '[PERF][FINAL]' "$log" | sed 's/ avg=.*tied-with=/ ... tied-with=/' || say "run $run printed no ranking"
  # Which iterations the ranking judged (the CPUs' placement) and the rows it saw disturbed.
  grep -E '^\[PERF\] (placement|disturbed):' "$log" | head -4 || true
done

csvs=()
for ((run = 1; run <= RUNS; run++)); do [[ -f "$KEEP/run$run.csv" ]] && csvs+=("$KEEP/run$run.csv"); done
flips_status=0
python3 - "${csvs[@]}" <<'PY' || flips_status=$?
import csv, itertools, sys
runs = []
for path in sys.argv[1:]:
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    rank = {r["combination"]: int(r["rank"]) for r in rows}
    by_rank = {int(r["rank"]): r["combination"] for r in rows}
    tied = {(r["combination"], by_rank[int(t)]) for r in rows for t in r["tied_with"].split(",") if t}
    runs.append((path, rank, tied))
    print(f"ranking of {path}:")
    widest = 0.0
    for r in rows:
        # The interval's half-width as a share of the mean elapsed time: the ±5% of issue 22's quiet target.
        spread = ""
        if r.get("ci95_low_s") and r.get("ci95_high_s") and r.get("average_s"):
            mean = float(r["average_s"])
            half = max(float(r["ci95_high_s"]) - mean, mean - float(r["ci95_low_s"])) / mean * 100
            widest = max(widest, half)
            spread = f" (±{half:.1f}%)"
        print(f"  {r['rank']}) {r['combination']} {float(r['throughput_per_s']):,.0f}/s"
              f" ci95={r['ci95_low_s']}..{r['ci95_high_s']} s{spread} tied-with={r['tied_with'] or 'none'}"
              f" vs-fastest={r.get('throughput_vs_fastest', '?')}"
              f" ({r.get('throughput_vs_fastest_low', '?')}..{r.get('throughput_vs_fastest_high', '?')})"
              f" client-bound={r.get('client_bound') or 'n/a'}")
    print(f"  widest interval: ±{widest:.1f}% of its mean")
flips = 0
for (pa, ra, ta), (pb, rb, tb) in itertools.combinations(runs, 2):
    for x, y in itertools.combinations(sorted(set(ra) & set(rb)), 2):
        if (x, y) in ta or (x, y) in tb:
            continue
        if (ra[x] < ra[y]) != (rb[x] < rb[y]):
            flips += 1
            print(f"FLIP: {x} and {y}: {ra[x]},{ra[y]} in {pa}; {rb[x]},{rb[y]} in {pb}; tied in neither")
print(f"{flips} order flip(s) among pairs that no run declared tied, over {len(runs)} run(s)")
sys.exit(1 if flips else 0)
PY
say "rankings and logs kept in $KEEP"
[[ "$failed" == no && $flips_status -eq 0 ]]
