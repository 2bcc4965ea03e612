#!/usr/bin/env bash
# What does the echo client cost per message, and could it be the bottleneck? Starts one `echo server --model virtual`
# pinned to CPU 0, then runs the echo client of each model pinned to CPU 1 (100 clients x 10,000 messages x 32 bytes
# by default), RUNS times, the models interleaved. For each run it prints msg/s, the client's CPU per message (user +
# system of the whole client process, JVM start and JIT included, from bash's `time`), the part of it spent in the
# timed work, and the server's CPU per message in the timed work (utime + stime from /proc/PID/stat, read around the
# timed work through the client's --paced protocol; around the whole client run for a client without --paced), then
# the median of each model. Target: the virtual client at most 9.5 CPU-us per message (whole process). Loopback
# only; results go to stdout. On a shared machine the figures are only as good as its quiet (a busy CPU 0 or 1 slows
# msg/s far more than it changes the CPU per message), so every run also prints how much CPU other processes took
# during it ("others", in % of all CPUs, from /proc/stat minus the client's and the server's own time) and the load
# average before it (which the platform client's 100 threads raise by themselves).
#
# Environment: CLIENTS=100  MESSAGES=10000  SIZE=32  RUNS=3  MODELS="platform virtual"
#              WARMUP_MESSAGES=2000 (one unmeasured virtual-client run first, so the server is JIT-compiled; 0: none)
#              JAVA=/path/to/java (JDK >= 21)  JAR=/path/to/echo.jar (default: this build's, rebuilt when older than its sources)
#              CLIENT_JVM_OPTS=""  SERVER_JVM_OPTS="-Xms512m -Xmx512m"
#              CLIENT_ARGS="" (more `echo client` options, e.g. "--warmup-iterations 1 --iterations 3": the
#              whole-process figure then includes the warmups but is divided by the measured messages only)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLIENTS="${CLIENTS:-100}"
MESSAGES="${MESSAGES:-10000}"
SIZE="${SIZE:-32}"
RUNS="${RUNS:-3}"
MODELS="${MODELS:-platform virtual}"
WARMUP_MESSAGES="${WARMUP_MESSAGES:-2000}"
JAR="${JAR:-}"
CLIENT_JVM_OPTS="${CLIENT_JVM_OPTS:-}"
SERVER_JVM_OPTS="${SERVER_JVM_OPTS:--Xms512m -Xmx512m}"
CLIENT_ARGS="${CLIENT_ARGS:-}"
WORK="$(mktemp -d /tmp/echo-client-cost.XXXXXX)"
SERVER_PID=""

cleanup() {
  if [[ -n "$SERVER_PID" ]]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

SCRIPT_NAME=echo-client-cost
# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"

# --- measures -----------------------------------------------------------------------------------------------------
busy_ticks() { awk '$1 == "cpu" {print $2 + $3 + $4 + $7 + $8 + $9}' /proc/stat; } # all CPUs, all processes

now_ns() { date +%s%N; }

# --- server -------------------------------------------------------------------------------------------------------
start_server() { # sets SERVER_PID and PORT
  local out="$WORK/server.out"
  on_cpu 0
  # taskset execs java, so $! is the server JVM itself (its /proc/PID/stat is the server's CPU time)
  # shellcheck disable=SC2086 # JVM options are words
  "${ON_CPU[@]}" "$JAVA" $SERVER_JVM_OPTS -jar "$JAR" server --model virtual --host 127.0.0.1 --port 0 \
    </dev/null >"$out" 2>&1 &
  SERVER_PID=$!
  local deadline=$((SECONDS + 30))
  until grep -q '^listening on ' "$out" 2>/dev/null; do
    kill -0 "$SERVER_PID" 2>/dev/null || die "the echo server exited: $(tail -3 "$out")"
    (( SECONDS < deadline )) || die "the echo server did not print 'listening on' within 30 s"
    sleep 0.1
  done
  PORT="$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' "$out" | head -1)"
  [[ -n "$PORT" ]] || die "cannot read the port from: $(head -1 "$out")"
}

# --- one client run -----------------------------------------------------------------------------------------------
# One run of the client of model $1 with $2 messages per client. Sets THROUGHPUT (msg/s) and, in CPU microseconds per
# message, CLIENT_US (whole process), CLIENT_SYS_US (its system part), TIMED_US (the client in its timed work, "-"
# without --paced), SERVER_US (the server in the client's timed work, or in the whole run without --paced) and
# OTHERS (% of all CPUs that other processes used during the run).
run_client() {
  local model=$1 messages=$2 json="$WORK/run.json" out="$WORK/client.out" err="$WORK/client.err" times="$WORK/times"
  local server_before server_after timed=0 server=0 user sys line java_pid="" t0=0 s0=0 paced=()
  local busy_before busy_after started ended
  [[ "$PACED" == yes ]] && paced=(--paced)
  : >"$out"
  started="$(now_ns)" busy_before="$(busy_ticks)" server_before="$(cpu_ticks "$SERVER_PID")"
  on_cpu 1
  # The client talks to this script through two FIFOs: with --paced, it prints "[ITERATION] ready ..." before each
  # iteration and waits for "go"; the CPU of both processes is read right before answering and again at "[ITERATION]
  # done iteration". bash's `time` in the subshell reports the user and system CPU of the client JVM (taskset execs
  # java, the subshell's only child).
  rm -f "$WORK/to-client" "$WORK/from-client"
  mkfifo "$WORK/to-client" "$WORK/from-client"
  # shellcheck disable=SC2086 # JVM options and extra client arguments are words
  (
    TIMEFORMAT='%3U %3S'
    time "${ON_CPU[@]}" "$JAVA" $CLIENT_JVM_OPTS -jar "$JAR" client --model "$model" --host 127.0.0.1 \
      --port "$PORT" --clients "$CLIENTS" --messages "$messages" --size "$SIZE" --json "$json" "${paced[@]}" \
      $CLIENT_ARGS <"$WORK/to-client" >"$WORK/from-client" 2>"$err"
  ) 2>"$times" &
  local subshell=$! to in
  exec {to}>"$WORK/to-client" {in}<"$WORK/from-client"
  while IFS= read -r line <&"$in"; do
    case "$line" in
      "[ITERATION] ready "*)
        if [[ "$line" == *" iteration "* ]]; then
          [[ -n "$java_pid" ]] || java_pid="$(pgrep -P "$subshell" | head -1)"
          t0="$(cpu_ticks "$java_pid")" s0="$(cpu_ticks "$SERVER_PID")"
        fi
        echo go >&"$to" ;;
      "[ITERATION] done iteration "*)
        timed=$((timed + $(cpu_ticks "$java_pid") - t0)) server=$((server + $(cpu_ticks "$SERVER_PID") - s0)) ;;
      "[ITERATION] done "*) ;;
      *) printf '%s\n' "$line" >>"$out" ;;
    esac
  done
  exec {to}>&- {in}<&-
  wait "$subshell" || die "the $model client failed: $(cat "$out" "$err")"
  ended="$(now_ns)" busy_after="$(busy_ticks)" server_after="$(cpu_ticks "$SERVER_PID")"
  read -r user sys <"$times"
  local operations throughput
  operations="$(sed -n 's/^  "operations" : \([0-9]*\),$/\1/p' "$json" | head -1)"
  throughput="$(sed -n 's/^  "throughput" : \([0-9.Ee+-]*\),$/\1/p' "$json" | head -1)"
  [[ -n "$operations" && "$operations" -gt 0 ]] || die "the $model client wrote no operations: $(cat "$out" "$err")"
  [[ "$PACED" == yes ]] || { timed=-1; server=$((server_after - server_before)); }
  read -r THROUGHPUT CLIENT_US CLIENT_SYS_US TIMED_US SERVER_US OTHERS < <(awk -v t="$throughput" -v u="$user" \
    -v s="$sys" -v n="$operations" -v timed="$timed" -v server="$server" -v hz="$HZ" -v cpus="$(nproc)" \
    -v busy=$((busy_after - busy_before)) -v ours=$((server_after - server_before)) -v wall=$((ended - started)) \
    'BEGIN {
      others = (busy / hz - ours / hz - u - s) / (wall / 1e9 * cpus) * 100
      printf "%.0f %.2f %.2f %s %.2f %.0f%%\n", t, (u + s) * 1e6 / n, s * 1e6 / n,
        timed < 0 ? "-" : sprintf("%.2f", timed / hz * 1e6 / n), server / hz * 1e6 / n, others < 0 ? 0 : others }')
}

# --- main ---------------------------------------------------------------------------------------------------------
need_tools "taskset pins the server to CPU 0 and the client to CPU 1" taskset=util-linux
JAVA="$(find_java)"
[[ -n "$JAR" ]] || JAR="$(fresh_jar echo)"
[[ -f "$JAR" ]] || die "no such jar: $JAR"
say "echo-client-cost: java $("$JAVA" -version 2>&1 | head -1), $(nproc) CPUs, load average $(load_avg)"
say "workload: $CLIENTS clients x $MESSAGES messages x $SIZE bytes, $RUNS runs per model, virtual server on CPU 0," \
    "client on CPU 1"

HZ="$(getconf CLK_TCK)"
PACED=no
"$JAVA" -jar "$JAR" client --help 2>&1 | grep -q -- '--paced' && PACED=yes
[[ "$PACED" == yes ]] || say "this echo.jar's client has no --paced: no timed-work figures, server CPU over whole runs"
start_server
if (( WARMUP_MESSAGES > 0 )); then
  run_client virtual "$WARMUP_MESSAGES"
fi

ROWS="$WORK/rows"
: >"$ROWS"
row() { printf '%-9s %3s %10s %14s %10s %10s %14s %7s   %s\n' "$@"; }
say "CPU-us per message: client = whole client process (user + system), sys = its system part, timed = the client"
say "in its timed work only (no JVM start, no JIT warm-up before it), server = the server in the client's timed work"
row "client" "run" "msg/s" "client us/msg" "sys" "timed" "server us/msg" "others" "load average before the run"
for run in $(seq 1 "$RUNS"); do
  for model in $MODELS; do
    load="$(load_avg)"
    run_client "$model" "$MESSAGES"
    row "$model" "$run" "$THROUGHPUT" "$CLIENT_US" "$CLIENT_SYS_US" "$TIMED_US" "$SERVER_US" "$OTHERS" "$load"
    printf '%s %s %s %s %s %s\n' "$model" "$THROUGHPUT" "$CLIENT_US" "$CLIENT_SYS_US" "$TIMED_US" "$SERVER_US" \
      >>"$ROWS"
  done
done

median() { # model column format
  awk -v m="$1" -v c="$2" '$1 == m {print $c}' "$ROWS" | sort -g | awk -v f="$3" '{v[NR] = $1} END {
    if (v[1] == "-") print "-"; else printf f "\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
say "median of $RUNS runs:"
for model in $MODELS; do
  row "$model" "" "$(median "$model" 2 %.0f)" "$(median "$model" 3 %.2f)" "$(median "$model" 4 %.2f)" \
    "$(median "$model" 5 %.2f)" "$(median "$model" 6 %.2f)" "" ""
done
say "load average at the end: $(load_avg)"
