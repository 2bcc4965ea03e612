#!/usr/bin/env bash
# How often does the A/B regression gate catch a known slowdown, and how often does it cry wolf? Benchmark mutation
# testing: for each slowdown in SLOWDOWNS (nanoseconds of busy-wait per echoed read, in the echo server threads of
# MODEL only; 0 = an unchanged build), a throwaway git worktree of HEAD gets the busy-wait (a `Thread.onSpinWait()`
# loop after each write in EchoConnection, the read/write loop every echo model shares), and the A/B gate runs RUNS
# times against the unchanged commit (-Dloomarena.gate.baseline=HEAD's commit). Every [PERF][GATE] verdict is kept;
# at the end one table counts, per slowdown, combination and figure (throughput; the server's CPU time per message),
# PASS, INCONCLUSIVE and FAIL, with the median ratio this/baseline (what the busy-wait really cost: size SLOWDOWNS so
# that it is 5% and 10% of the server's CPU per message), and a second table how many runs the gate failed (a FAIL of
# either figure fails the build).
# The target (issue 22): a 10% slowdown FAILs in at least 9 of 10 runs, an unchanged build in at most 1 of 20.
#
# Usage: bench/gate-power.sh [--help]
# Environment: SLOWDOWNS="0 300 600" (ns per echoed read)  MODEL=virtual (single|platform|pool|virtual)  RUNS=10
#              FILTER='.*virtual echo server against.*' (-Dcucumber.filter.name: which gate scenarios run)
#              GATE_PROPERTIES="" (more -D options for the gate, for example -Dloomarena.forks=4)
#              LOAD=no (yes: during each gate run, a background busy loop that this script starts and stops itself
#              runs pinned to LOAD_CPU=0 at LOAD_DUTY=50 percent of every 100 ms, from LOAD_AFTER=30 seconds into the
#              run for LOAD_FOR=60 seconds: a neighbour that comes and goes and lands on some forks, not on others)
# The repository's working tree is not touched: the builds happen in worktrees under a temporary folder, once per
# slowdown, removed at the end (the verdict lines, logs and each run's summaries are kept in the folder printed at the end); every gate run
# takes both sides' jars from those builds. One gate run of one combination takes about a minute at the harness's
# defaults on a 2-CPU machine (FILTER='.*virtual echo server against virtual echo client.*'), of the two virtual combinations
# about two; the whole script RUNS x (number of SLOWDOWNS) times that. Exit status 0 when every run completed, 1
# otherwise.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPT_NAME=gate-power

# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"
help_or_no_arguments "$@"

SLOWDOWNS="${SLOWDOWNS:-0 300 600}"
MODEL="${MODEL:-virtual}"
RUNS="${RUNS:-10}"
FILTER="${FILTER:-.*virtual echo server against.*}"
GATE_PROPERTIES="${GATE_PROPERTIES:-}"
LOAD="${LOAD:-no}"
LOAD_CPU="${LOAD_CPU:-0}"
LOAD_DUTY="${LOAD_DUTY:-50}"
LOAD_AFTER="${LOAD_AFTER:-30}"
LOAD_FOR="${LOAD_FOR:-60}"
TREES=()

[[ "$RUNS" =~ ^[0-9]+$ ]] && (( RUNS >= 1 )) || die "RUNS must be a whole number >= 1, got '$RUNS'"
for slowdown in $SLOWDOWNS; do
  [[ "$slowdown" =~ ^[0-9]+$ ]] || die "SLOWDOWNS are whole nanoseconds, got '$slowdown'"
done
[[ "$LOAD" == yes || "$LOAD" == no ]] || die "LOAD is yes or no, got '$LOAD'"
check_load_settings
[[ "$MODEL" =~ ^(single|platform|pool|virtual)$ ]] || die "MODEL must be single, platform, pool or virtual, got '$MODEL'"
BASELINE="$(git -C "$ROOT" rev-parse HEAD)"
KEEP="$(mktemp -d /tmp/gate-power.XXXXXX)"
WORK="$KEEP/work"
mkdir -p "$WORK"

cleanup() {
  local tree
  stop_load
  for tree in "${TREES[@]}"; do git -C "$ROOT" worktree remove --force "$tree" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# A worktree of HEAD whose echo threads of MODEL spin SLOWDOWN ns after each write; 0 leaves it unchanged.
throwaway_build() { # slowdown tree
  local slowdown=$1 tree=$2
  git -C "$ROOT" worktree add --detach -q "$tree" "$BASELINE"
  if (( slowdown > 0 )); then
    spin_echo_writes "$tree" "$slowdown" "$MODEL"
  fi
}

# The jars of a tree, in a folder of their own (the gate takes a folder with echo.jar and http-server.jar).
build_jars() { # tree folder
  (cd "$1" && ./mvnw -q -B -ntp -DskipTests package) >"$2.log" 2>&1 || die "building $1 failed: see $2.log"
  mkdir -p "$2"
  cp "$1/echo/target/echo.jar" "$1/http-server/target/http-server.jar" "$2/"
}

# The gate runs from an unchanged worktree of HEAD (so that edits to the repository during the hours this takes
# cannot reach it), against jars built once per slowdown: -Dloomarena.gate.baselineJars and
# -Dloomarena.gate.candidateJars instead of a build of each side per run.
BASE_TREE="$WORK/base"
TREES+=("$BASE_TREE")
throwaway_build 0 "$BASE_TREE"
build_jars "$BASE_TREE" "$WORK/jars-base"
failed=no
for slowdown in $SLOWDOWNS; do
  jars="$WORK/jars-base"
  if (( slowdown > 0 )); then
    tree="$WORK/build-$slowdown" jars="$WORK/jars-$slowdown"
    TREES+=("$tree")
    throwaway_build "$slowdown" "$tree"
    build_jars "$tree" "$jars"
  fi
  say "== ${slowdown} ns per echoed read in the '$MODEL' echo server threads, $RUNS gate runs against $BASELINE, load average $(load_avg)$([[ $LOAD == yes ]] && echo ", background load on CPU $LOAD_CPU, $LOAD_DUTY% busy, from ${LOAD_AFTER}s for ${LOAD_FOR}s of each run")"
  for ((run = 1; run <= RUNS; run++)); do
    log="$KEEP/slowdown-$slowdown-run-$run.log"
    if [[ "$LOAD" == yes ]]; then
      load_window &
      TIMER_PID=$!
    fi
    # shellcheck disable=SC2086 # GATE_PROPERTIES are words
    if ! (cd "$BASE_TREE" && ./mvnw -B -ntp -Pab-gate test -pl testing -am "-Dloomarena.gate.baselineJars=$WORK/jars-base" \
        "-Dloomarena.gate.candidateJars=$jars" "-Dcucumber.filter.name=$FILTER" $GATE_PROPERTIES) > "$log" 2>&1; then
      # A FAIL verdict fails the build too: only a run without any verdict line failed as a run.
      grep -qF '[PERF][GATE]' "$log" || { say "run $run failed without a verdict: see $log"; failed=yes; }
    fi
    stop_load
    # The verdicts, the line that says which iterations were judged (the placement of the two CPUs), and each
    # added fork pair's reason (no shared placement, or a figure still undecided).
    grep -E '\[PERF\]\[GATE\] ((PASS|FAIL|INCONCLUSIVE) |\S+: (judged|every iteration|the host moved|no cross-CPU|fewer than|throughput [0-9]|server CPU per \S+ [0-9]))' \
      "$log" | sed "s/^/slowdown=$slowdown run=$run /" | tee -a "$KEEP/verdicts.txt" || true
    # Both builds' summaries of the run, every iteration with its figures, to re-judge or analyse later.
    if [[ -d "$BASE_TREE/target-results/ab-gate" ]]; then
      cp -r "$BASE_TREE/target-results/ab-gate" "$KEEP/slowdown-$slowdown-run-$run"
    fi
  done
done

say "== detection table (slowdown x combination: verdicts over the runs, median ratio this/baseline)"
python3 - "$KEEP/verdicts.txt" <<'PY'
import re, statistics, sys
from collections import defaultdict
try:
    lines = open(sys.argv[1]).read().splitlines()
except FileNotFoundError:
    lines = []
# One verdict per figure (throughput, server CPU per operation); a run's combination fails when either figure FAILs.
pattern = re.compile(r"slowdown=(\d+) run=(\d+) \[PERF\]\[GATE\] (PASS|FAIL|INCONCLUSIVE) (\S+): "
                     r"(throughput|server CPU per \S+) this/baseline ([0-9.]+)")
counts, ratios, runs = defaultdict(lambda: defaultdict(int)), defaultdict(list), defaultdict(set)
for line in lines:
    m = pattern.search(line)
    if m:
        slowdown, run, outcome, combination, figure, ratio = m.groups()
        key = (int(slowdown), combination.rstrip(":"), figure)
        counts[key][outcome] += 1
        ratios[key].append(float(ratio))
        either = (int(slowdown), combination.rstrip(":"), "either figure")
        runs[either].add(run)
        if outcome == "FAIL":
            runs[(int(slowdown), combination.rstrip(":"), "failed runs")].add(run)
print("| slowdown ns | combination | figure | PASS | INCONCLUSIVE | FAIL | median ratio |")
print("|---:|---|---|---:|---:|---:|---:|")
for key in sorted(counts):
    if key[2] == "either figure":
        continue
    c = counts[key]
    print(f"| {key[0]} | {key[1]} | {key[2]} | {c['PASS']} | {c['INCONCLUSIVE']} | {c['FAIL']} | "
          f"{statistics.median(ratios[key]):.3f} |")
print()
print("| slowdown ns | combination | runs | runs the gate FAILed (either figure) |")
print("|---:|---|---:|---:|")
for key in sorted(k for k in runs if k[2] == "either figure"):
    failed = runs.get((key[0], key[1], "failed runs"), set())
    print(f"| {key[0]} | {key[1]} | {len(runs[key])} | {len(failed)} |")
PY
say "verdicts and logs kept in $KEEP"
[[ "$failed" == no ]]
