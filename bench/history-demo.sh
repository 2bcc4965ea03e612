#!/usr/bin/env bash
# Does the results history find a slowdown where it happened, and nowhere else? The end-to-end check of
# docs/history.md: the quick echo matrix (`./mvnw -Pecho-matrix test`) runs RUNS times on HEAD and RUNS times on a
# throwaway commit on top of it whose MODEL echo threads spin SLOWDOWN ns after each write (`spin_echo_writes` of
# bench/lib.sh, as bench/gate-power.sh injects it: 600 ns cost the virtual server ~9% of its throughput here, 700 ns
# 7-8%), in ABBA order (A B, B A, A B, ...) so that a drift of the machine's level lands on both builds alike. Every
# run records into one history (HISTORY, a `-Dloomarena.history` setting; default an SQLite file in KEEP) and its
# summaries are kept under KEEP/<n>-<build>/, so that they can be imported into another history later (`history
# import`, in commit order). Expected: one change point, in the MODEL server's series, at the slow commit, sized about
# -SLOWDOWN's cost; none elsewhere. The script prints the [PERF][HISTORY] lines of every run: after the last one, they
# are every change point the history holds (the result of 2026-11-28: docs/results/2026-11-28-history-end-to-end.md).
#
# Usage: bench/history-demo.sh [--help]
# Environment: RUNS=3  SLOWDOWN=700 (ns per echoed write)  MODEL=virtual  KEEP=a new folder under /tmp
#              HISTORY=$KEEP/history.sqlite (any -Dloomarena.history setting, for example a jdbc:postgresql: URL;
#              `off` runs without one, for a build from before the history existed: import the kept runs afterwards)
# One run of the quick matrix, with its build, took 6-7 minutes here (2026-11-28); the whole script 2 x RUNS times
# that. The repository's working tree is not touched: both builds are worktrees under KEEP, removed at the end (the
# throwaway commit stays reachable only from the worktree's detached head and is left to git's garbage collection).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPT_NAME=history-demo
# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"
help_or_no_arguments "$@"

RUNS="${RUNS:-3}"
SLOWDOWN="${SLOWDOWN:-700}"
MODEL="${MODEL:-virtual}"
KEEP="${KEEP:-$(mktemp -d /tmp/history-demo.XXXXXX)}"
HISTORY="${HISTORY:-$KEEP/history.sqlite}"
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a whole number >= 1, got '$RUNS'"
[[ "$SLOWDOWN" =~ ^[1-9][0-9]*$ ]] || die "SLOWDOWN must be a whole number of nanoseconds >= 1, got '$SLOWDOWN'"
[[ "$MODEL" =~ ^(single|platform|pool|virtual)$ ]] \
  || die "MODEL must be single, platform, pool or virtual, got '$MODEL'"
mkdir -p "$KEEP"

BASE="$(git -C "$ROOT" rev-parse HEAD)"
TREES=()
cleanup() {
  for tree in "${TREES[@]}"; do git -C "$ROOT" worktree remove --force "$tree" 2>/dev/null || true; done
}
trap cleanup EXIT

# Build A: HEAD as it is. Build B: a commit on top of it (a later commit time, so that the history orders it after
# A whatever order the runs took) whose MODEL echo threads spin after each write.
git -C "$ROOT" worktree add --detach -q "$KEEP/tree-base" "$BASE"; TREES+=("$KEEP/tree-base")
git -C "$ROOT" worktree add --detach -q "$KEEP/tree-slow" "$BASE"; TREES+=("$KEEP/tree-slow")
spin_echo_writes "$KEEP/tree-slow" "$SLOWDOWN" "$MODEL"
sleep 1 # a commit time after BASE's, even when BASE was made this second
git -C "$KEEP/tree-slow" -c user.name=history-demo -c user.email=history-demo@localhost commit -q -am \
  "history demo: the $MODEL echo threads spin $SLOWDOWN ns after each write"
SLOW="$(git -C "$KEEP/tree-slow" rev-parse HEAD)"
say "base ${BASE:0:10}, slow ${SLOW:0:10} ($MODEL +${SLOWDOWN} ns per write); history: $HISTORY; kept: $KEEP"

history_option=()
[[ "$HISTORY" == off ]] || history_option=("-Dloomarena.history=$HISTORY")

run_matrix() { # n build
  local n=$1 build=$2 tree="$KEEP/tree-$2" log="$KEEP/$1-$2.log"
  say "run $n of the $build build ($(date -u +%H:%M:%S) UTC, load average $(load_avg))"
  if ! (cd "$tree" && ./mvnw -B -ntp -Pecho-matrix test "${history_option[@]}") >"$log" 2>&1; then
    say "run $n of the $build build failed: see $log"
    return 1
  fi
  grep -h '^\[PERF\]\[HISTORY\]' "$log" || true
  mkdir -p "$KEEP/$n-$build"
  cp -r "$tree/target-results/echo" "$KEEP/$n-$build/"
}

failed=0
for ((n = 1; n <= RUNS; n++)); do
  if (( n % 2 == 1 )); then order=(base slow); else order=(slow base); fi
  for build in "${order[@]}"; do run_matrix "$n" "$build" || failed=1; done
done
say "done ($(date -u +%H:%M:%S) UTC); runs kept under $KEEP, each with its echo/ summaries"
exit "$failed"
