#!/usr/bin/env bash
# How many forks does this machine need for a given precision? A pilot: measures a few combinations with many forks
# (by default two rows of the quick echo workload, VIRTUAL_SERVER+VIRTUAL_CLIENT, whose forks agreed within about 1%
# on 2026-11-25, and PLATFORM_SERVER+VIRTUAL_CLIENT, whose forks differed by up to 23%: 6 forks x (2 warmup + 3
# measured iterations) each, interleaved, about 12 s per fork on a quiet 2-CPU machine, plus the build), then splits
# each one's elapsed times into the variance between forks and within a fork (one-way random effects, as
# docs/results/2026-11-25-fork-variance.md does) and prints, per combination and for the worst of them, how many forks
# of PLAN_ITERATIONS measured iterations give a 95% interval of +-TARGET percent:
#   F = ceil((2 / h)^2 x (sd_between^2 + sd_within^2 / I)),  h = TARGET / 100, sds relative to the mean
# (2 stands for the t quantile: with few forks the real interval is wider). The answer belongs to this machine at this
# moment: run it where and when the ranking will run (docs/methodology.md, "How many forks").
#
# Usage: bench/fork-pilot.sh [--help]
# Environment: FORKS=6  ITERATIONS=3  WARMUPS=2 (the pilot's -Dloomarena.forks/.iterations/.warmupIterations)
#              TAGS='@Echo and @Performance and not @Slow and @ClientVirtual and (@ServerVirtual or @ServerPlatform)'
#              (the rows the pilot measures; 2 or more are measured interleaved)
#              TARGET=5 (percent half-width wanted)  PLAN_ITERATIONS=3 (measured iterations per fork of the plan)
#              SUMMARIES="" (summary files to analyse instead of measuring, e.g. target-results/echo/*.json)
# Exit status: 0 with an answer, 1 when the pilot failed or a summary has fewer than 2 forks.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPT_NAME=fork-pilot

# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"
help_or_no_arguments "$@"

FORKS="${FORKS:-6}"
ITERATIONS="${ITERATIONS:-3}"
WARMUPS="${WARMUPS:-2}"
TAGS="${TAGS:-@Echo and @Performance and not @Slow and @ClientVirtual and (@ServerVirtual or @ServerPlatform)}"
TARGET="${TARGET:-5}"
PLAN_ITERATIONS="${PLAN_ITERATIONS:-3}"
SUMMARIES="${SUMMARIES:-}"

command -v python3 >/dev/null || die "python3 is needed to read the summaries"
[[ "$FORKS" =~ ^[0-9]+$ && "$FORKS" -ge 2 ]] || die "FORKS must be a whole number >= 2 (between-fork variance), got '$FORKS'"
[[ "$TARGET" =~ ^[0-9]+([.][0-9]+)?$ ]] && python3 -c "import sys; sys.exit(0 if float('$TARGET') > 0 else 1)" \
  || die "TARGET must be a positive percentage such as 5, got '$TARGET'"
[[ "$PLAN_ITERATIONS" =~ ^[0-9]+$ && "$PLAN_ITERATIONS" -ge 1 ]] \
  || die "PLAN_ITERATIONS must be a whole number >= 1, got '$PLAN_ITERATIONS'"

files=()
if [[ -n "$SUMMARIES" ]]; then
  # shellcheck disable=SC2206 # split into words and expand globs on purpose: SUMMARIES='target-results/echo/*.json'
  files=($SUMMARIES)
else
  WORK="$(mktemp -d /tmp/fork-pilot.XXXXXX)"
  trap 'rm -rf "$WORK"' EXIT
  touch "$WORK/started"
  say "pilot: $FORKS forks x ($WARMUPS warmup + $ITERATIONS measured iterations) of the rows tagged '$TAGS', load average $(load_avg)"
  log="$WORK/pilot.log"
  if ! (cd "$ROOT" && ./mvnw -B -ntp test -pl testing -am -Dtest=RunCucumberTest -Dsurefire.failIfNoSpecifiedTests=false \
      "-Dcucumber.filter.tags=$TAGS" "-Dloomarena.forks=$FORKS" "-Dloomarena.iterations=$ITERATIONS" \
      "-Dloomarena.warmupIterations=$WARMUPS") > "$log" 2>&1; then
    tail -30 "$log" >&2
    die "the pilot run failed (the last lines of its log are above)"
  fi
  grep -F '[PERF]' "$log" | grep -v ' warmup ' || true
  while IFS= read -r -d '' file; do files+=("$file"); done \
    < <(find "$ROOT/target-results" -name '*.json' -newer "$WORK/started" -path '*/target-results/*/*' -print0)
fi
[[ ${#files[@]} -gt 0 ]] || die "no summaries to analyse"

python3 - "$TARGET" "$PLAN_ITERATIONS" "${files[@]}" <<'PY'
import json, math, sys

target = float(sys.argv[1]) / 100
plan_iterations = int(sys.argv[2])
worst = None
print(f"{'combination':50} {'forks':>5} {'mean s':>8} {'between':>8} {'within':>8} {'now':>7} {'forks for +-' + sys.argv[1] + '%':>16}")
for path in sys.argv[3:]:
    summary = json.load(open(path))
    if 'runs' not in summary:
        continue  # not a combination's summary (a ranking's or the baseline's file)
    by_fork = {}
    for run in summary['runs']['measured']:
        by_fork.setdefault(run['fork'], []).append(run['elapsedNanos'] / 1e9)
    forks = list(by_fork.values())
    if len(forks) < 2 or any(len(f) != len(forks[0]) for f in forks):
        sys.exit(f"fork-pilot: {path}: needs 2 forks or more, each with as many iterations")
    f, i = len(forks), len(forks[0])
    values = [x for fork in forks for x in fork]
    mean = sum(values) / len(values)
    means = [sum(fork) / i for fork in forks]
    ms_within = sum((x - m) ** 2 for fork, m in zip(forks, means) for x in fork) / (f * i - f) if i > 1 else 0.0
    ms_between = i * sum((m - mean) ** 2 for m in means) / (f - 1)
    between = math.sqrt(max(0.0, (ms_between - ms_within) / i)) / mean
    within = math.sqrt(ms_within) / mean
    per_fork = between ** 2 + within ** 2 / plan_iterations
    now = 2 * math.sqrt((between ** 2 + within ** 2 / i) / f)
    needed = max(2, math.ceil((2 / target) ** 2 * per_fork))
    print(f"{summary['combination']:50} {f:>5} {mean:>8.3f} {between:>7.1%} {within:>7.1%} {now:>6.1%} {needed:>16}")
    if worst is None or needed > worst[1]:
        worst = (summary['combination'], needed)
print(f"forks needed for +-{sys.argv[1]}% with {plan_iterations} measured iterations per fork: {worst[1]}"
      f" (set by {worst[0]}; between/within = sd of the fork level / of an iteration in its fork, relative to the"
      f" mean; now = the half-width this pilot itself reached)")
PY
