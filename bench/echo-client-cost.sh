#!/usr/bin/env bash
# What does the echo client cost per message, and could it be the bottleneck? Starts one `echo server --model virtual`
# pinned to CPU 0, then runs the echo client of each model pinned to CPU 1 (100 clients x 10,000 messages x 32 bytes
# by default), RUNS times, the models interleaved. For each run it prints msg/s, the client's CPU per message (user +
# system of the whole client process, JVM start included, from bash's `time`) and the server's (utime + stime from
# /proc/PID/stat before and after the run), then the median of each model. Target: the virtual client at most 9.5
# CPU-us per message. Loopback only; results go to stdout. The load average is printed with every run: on a shared
# machine the figures are only as good as its quiet (a busy CPU 1 slows the client's msg/s far more than its cost).
#
# Environment: CLIENTS=100  MESSAGES=10000  SIZE=32  RUNS=3  MODELS="platform virtual"
#              WARMUP_MESSAGES=2000 (one unmeasured virtual-client run first, so the server is JIT-compiled; 0: none)
#              JAVA=/path/to/java (JDK >= 21)  JAR=/path/to/echo.jar (default: this build's, built when missing)
#              CLIENT_JVM_OPTS=""  SERVER_JVM_OPTS="-Xms512m -Xmx512m"  CLIENT_ARGS="" (more `echo client` options)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLIENTS="${CLIENTS:-100}"
MESSAGES="${MESSAGES:-10000}"
SIZE="${SIZE:-32}"
RUNS="${RUNS:-3}"
MODELS="${MODELS:-platform virtual}"
WARMUP_MESSAGES="${WARMUP_MESSAGES:-2000}"
JAR="${JAR:-$ROOT/echo/target/echo.jar}"
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

say() { printf '%s\n' "$*"; }
die() { printf 'echo-client-cost: %s\n' "$*" >&2; exit 1; }

# --- tools --------------------------------------------------------------------------------------------------------
PIN=yes
need_taskset() {
  command -v taskset >/dev/null && return
  say "taskset is missing: installing util-linux with apt-get (to pin the server to CPU 0 and the client to CPU 1)"
  local sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  if ! { $sudo apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q util-linux \
        >/dev/null; } || ! command -v taskset >/dev/null; then
    say "warning: could not install taskset; server and client run unpinned and share the CPUs"
    PIN=no
  fi
}

on_cpu() { # cpu -> sets ON_CPU to the command prefix that pins to it (empty without taskset)
  ON_CPU=()
  [[ "$PIN" == yes ]] && ON_CPU=(taskset -c "$1")
  return 0
}

java_major() { "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}'; }

find_java() {
  local candidates=("${JAVA:-}" /usr/lib/jvm/temurin-25-jdk-amd64/bin/java "${JAVA_HOME:+$JAVA_HOME/bin/java}")
  for dir in /usr/lib/jvm/*/; do candidates+=("${dir}bin/java"); done
  candidates+=("$(command -v java || true)")
  for java in "${candidates[@]}"; do
    [[ -n "$java" && -x "$java" ]] || continue
    local major; major="$(java_major "$java")"
    [[ -n "$major" && "${major%%.*}" -ge 21 ]] && { echo "$java"; return; }
  done
  die "no JDK >= 21 found (set JAVA=/path/to/bin/java)"
}

load_avg() { awk '{print $1, $2, $3}' /proc/loadavg; }

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; } # utime + stime of a live process, in clock ticks

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
# One run of the client of model $1 with $2 messages per client; sets THROUGHPUT (msg/s), CLIENT_US, CLIENT_SYS_US
# (the system part of it) and SERVER_US (CPU microseconds per message).
run_client() {
  local model=$1 messages=$2 json="$WORK/run.json" out="$WORK/client.out" times="$WORK/times"
  local hz before after user sys
  hz="$(getconf CLK_TCK)"
  before="$(cpu_ticks "$SERVER_PID")"
  # bash's `time` reports the user and system CPU of the waited-for child (taskset execs java: the same process)
  local TIMEFORMAT='%3U %3S'
  on_cpu 1
  # shellcheck disable=SC2086 # JVM options and extra client arguments are words
  { time "${ON_CPU[@]}" "$JAVA" $CLIENT_JVM_OPTS -jar "$JAR" client --model "$model" --host 127.0.0.1 --port "$PORT" \
      --clients "$CLIENTS" --messages "$messages" --size "$SIZE" --json "$json" $CLIENT_ARGS >"$out" 2>&1 ; } \
      2>"$times" || die "the $model client failed: $(cat "$out")"
  after="$(cpu_ticks "$SERVER_PID")"
  read -r user sys <"$times"
  local operations throughput
  operations="$(sed -n 's/^  "operations" : \([0-9]*\),$/\1/p' "$json" | head -1)"
  throughput="$(sed -n 's/^  "throughput" : \([0-9.Ee+-]*\),$/\1/p' "$json" | head -1)"
  [[ -n "$operations" && "$operations" -gt 0 ]] || die "the $model client wrote no operations: $(cat "$out")"
  read -r THROUGHPUT CLIENT_US CLIENT_SYS_US SERVER_US < <(awk -v t="$throughput" -v u="$user" -v s="$sys" \
    -v n="$operations" -v b="$before" -v a="$after" -v hz="$hz" \
    'BEGIN { printf "%.0f %.2f %.2f %.2f\n", t, (u + s) * 1e6 / n, s * 1e6 / n, (a - b) / hz * 1e6 / n }')
}

# --- main ---------------------------------------------------------------------------------------------------------
need_taskset
JAVA="$(find_java)"
if [[ ! -f "$JAR" ]]; then
  say "building $JAR"
  (cd "$ROOT" && ./mvnw -q -B -DskipTests -pl echo -am package)
fi
say "echo-client-cost: java $("$JAVA" -version 2>&1 | head -1), $(nproc) CPUs, pinned: $PIN," \
    "load average $(load_avg)"
if (( $(nproc) < 2 )); then
  say "warning: fewer than 2 CPUs: server and client share one, unpinned"
  PIN=no
fi
say "workload: $CLIENTS clients x $MESSAGES messages x $SIZE bytes, $RUNS runs per model, virtual server on CPU 0," \
    "client on CPU 1"

start_server
if (( WARMUP_MESSAGES > 0 )); then
  run_client virtual "$WARMUP_MESSAGES"
fi

ROWS="$WORK/rows"
: >"$ROWS"
row() { printf '%-9s %3s %10s %14s %11s %14s   %s\n' "$@"; }
row "client" "run" "msg/s" "client us/msg" "of it sys" "server us/msg" "load average before the run"
for run in $(seq 1 "$RUNS"); do
  for model in $MODELS; do
    load="$(load_avg)"
    run_client "$model" "$MESSAGES"
    row "$model" "$run" "$THROUGHPUT" "$CLIENT_US" "$CLIENT_SYS_US" "$SERVER_US" "$load"
    printf '%s %s %s %s %s\n' "$model" "$THROUGHPUT" "$CLIENT_US" "$CLIENT_SYS_US" "$SERVER_US" >>"$ROWS"
  done
done

median() { # model column
  awk -v m="$1" -v c="$2" '$1 == m {print $c}' "$ROWS" | sort -g \
    | awk '{v[NR] = $1} END {print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'
}
say "median of $RUNS runs (CPU per message: user + system of the whole process):"
for model in $MODELS; do
  row "$model" "" "$(printf '%.0f' "$(median "$model" 2)")" "$(printf '%.2f' "$(median "$model" 3)")" \
    "$(printf '%.2f' "$(median "$model" 4)")" "$(printf '%.2f' "$(median "$model" 5)")" ""
done
say "load average at the end: $(load_avg)"
