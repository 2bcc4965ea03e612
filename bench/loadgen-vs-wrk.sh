#!/usr/bin/env bash
# How fast is our load client compared with wrk? Runs, in one go and on the same target:
#   1. nginx (1 worker, /ping -> "pong", keep-alive) pinned to CPU 0, then wrk -t1 -c100 -d10s and our
#      `load --client virtual --connections 100 --duration 10s`, each pinned to CPU 1;
#   2. the same two clients against our own `serve --model virtual --cache-content` (VIRTUAL_SERVER_CACHED; skipped if
#      the jar cannot serve it).
# Each comparison prints both req/s, the ratio ours/wrk and the load average at that moment; ROUNDS (default 2)
# repeats everything. Targets: >= 0.7x wrk against nginx, within 15% of wrk against VIRTUAL_SERVER_CACHED.
# Results go to stdout only. Needs root or sudo for apt-get only when wrk or nginx are missing.
#
# Environment: ROUNDS=2  DURATION=10s  CONNECTIONS=100  CLIENT=virtual  JAVA=/path/to/java (JDK >= 21)
#              CLIENT_JVM_OPTS="-Xms512m -Xmx512m"  PROFILE=1 (record a JFR of our client and print its hot methods)
#              SERVE_JAR=/path/to/http-server.jar (the jar whose `serve` to compare against; default: this build's)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS="${ROUNDS:-2}"
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-100}"
CLIENT="${CLIENT:-virtual}"
CLIENT_JVM_OPTS="${CLIENT_JVM_OPTS:--Xms512m -Xmx512m}"
SERVE_JAR="${SERVE_JAR:-}"
WORK="$(mktemp -d /tmp/loadgen-vs-wrk.XXXXXX)"
CHILDREN=()

cleanup() {
  for pid in "${CHILDREN[@]:-}"; do
    [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

SCRIPT_NAME=loadgen-vs-wrk
# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"

# --- targets ------------------------------------------------------------------------------------------------------
PING_LOCATION='location = /ping { default_type text/plain; return 200 "pong"; }'

start_serve() { # port -> pid in SERVE_PID; returns 1 if the jar cannot serve the model
  local port=$1 log="$WORK/serve.log"
  on_cpu 0
  # shellcheck disable=SC2046 # the model's options are words
  "${ON_CPU[@]}" "$JAVA" -Xms512m -Xmx512m -jar "$SERVE_JAR" serve $(serve_model "$SERVE_JAR" virtual+cache-content) \
    --host 127.0.0.1 --port "$port" \
    </dev/null >"$log" 2>&1 &
  SERVE_PID=$!
  CHILDREN+=("$SERVE_PID")
  if ! wait_port "$port" 20 || ! kill -0 "$SERVE_PID" 2>/dev/null; then
    say "  (this jar cannot serve VIRTUAL_SERVER_CACHED: $(tail -1 "$log"))"
    kill "$SERVE_PID" 2>/dev/null || true
    return 1
  fi
  # a few requests so that the server's hot path is compiled before the first measurement
  on_cpu 1
  "${ON_CPU[@]}" wrk -t1 -c10 -d2s "http://127.0.0.1:$port/ping" >/dev/null
}

# --- clients (each prints its own output indented, and leaves its req/s in RPS and its CPU seconds in CPU) ----------
# CPU (user + system) of the client process, from GNU time when installed: requests per CPU second is the client's
# efficiency, and it is less disturbed than req/s when other work shares the machine.
timed() { # command... ; sets CPU ("" when GNU time is missing)
  CPU=""
  if [[ -x /usr/bin/time ]]; then
    /usr/bin/time -f "%U %S" -o "$WORK/cpu" "$@" || true
    CPU="$(awk 'END {printf "%.2f", $1 + $2}' "$WORK/cpu")"
  else
    "$@" || true
  fi
}

per_cpu() { # requests cpu-seconds -> "N req/cpu-s" or ""
  [[ -n "$2" ]] && python3 -c "import sys; r, c = float(sys.argv[1]), float(sys.argv[2]); print('%.0f req/cpu-s' % (r / c) if c > 0 else '')" "$1" "$2"
}

run_wrk() { # url
  local out="$WORK/wrk.out"
  on_cpu 1
  timed "${ON_CPU[@]}" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "$1" >"$out" 2>&1
  sed 's/^/    wrk  | /' "$out"
  RPS="$(awk '/Requests\/sec:/ {print $2}' "$out")"
  [[ -n "$RPS" ]] || die "wrk reported no Requests/sec"
  EFFICIENCY="$(per_cpu "$(awk '/requests in/ {print $1}' "$out")" "$CPU")"
}

run_ours() { # url label
  local json="$WORK/ours-$2.json" jfr="$WORK/ours-$2.jfr" out="$WORK/ours.out" opts=($CLIENT_JVM_OPTS)
  if [[ "${PROFILE:-0}" == 1 ]]; then
    # 1 ms execution samples: the default profile's 10-20 ms gives too few samples in a 10 s run
    cat >"$WORK/fine.jfc" <<'JFC'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0">
  <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">1 ms</setting></event>
  <event name="jdk.GarbageCollection"><setting name="enabled">true</setting></event>
</configuration>
JFC
    opts+=("-XX:StartFlightRecording=filename=$jfr,settings=$WORK/fine.jfc")
  fi
  on_cpu 1
  timed "${ON_CPU[@]}" "$JAVA" "${opts[@]}" -jar "$JAR" load --client "$CLIENT" --url "$1" \
    --connections "$CONNECTIONS" --duration "$DURATION" --json "$json" >"$out" 2>&1
  sed 's/^/    ours | /' "$out"
  [[ -f "$json" ]] || die "our client wrote no result"
  if [[ "${PROFILE:-0}" == 1 && -f "$jfr" ]]; then
    say "    hottest frames of our client (jdk.ExecutionSample, top of stack):"
    "$(dirname "$JAVA")/jfr" print --events jdk.ExecutionSample "$jfr" \
      | awk '/stackTrace = \[/ {getline; sub(/^[ \t]+/, ""); sub(/line:.*/, ""); print}' \
      | sort | uniq -c | sort -rn | head -15 | sed 's/^/      /'
  fi
  RPS="$(python3 -c 'import json,sys; print("%.2f" % json.load(open(sys.argv[1]))["throughput"])' "$json")"
  EFFICIENCY="$(per_cpu "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["operations"])' "$json")" \
    "$CPU")"
}

compare() { # name url target: "atleast:0.7" (ours >= 0.7 x wrk) or "within:0.15" (|ours/wrk - 1| <= 0.15)
  local name=$1 url=$2 target=$3
  say "  [$name] wrk first, then ours ($CLIENT client), $CONNECTIONS connections, $DURATION each"
  local wrk_load ours_load wrk_rps ours_rps wrk_eff ours_eff
  wrk_load="load average $(load_avg)"
  run_wrk "$url"
  wrk_rps=$RPS wrk_eff=$EFFICIENCY
  ours_load="load average $(load_avg)"
  run_ours "$url" "$name-$round"
  ours_rps=$RPS ours_eff=$EFFICIENCY
  local ratio verdict
  ratio="$(python3 -c "print('%.3f' % ($ours_rps / $wrk_rps))")"
  verdict="$(python3 -c "
kind, bound = '$target'.split(':'); r = $ours_rps / $wrk_rps; b = float(bound)
ok = r >= b if kind == 'atleast' else abs(r - 1) <= b
print(('ours >= %sx wrk' % bound if kind == 'atleast' else 'within %.0f%% of wrk' % (b * 100)) + (': meets' if ok else ': MISSED'))")"
  say "  RESULT [$name] round $round: wrk ${wrk_rps} req/s (${wrk_load}), ours ${ours_rps} req/s (${ours_load})," \
      "ours/wrk ${ratio}x; target ${verdict}"
  [[ -n "$wrk_eff" && -n "$ours_eff" ]] && say "  CPU [$name] round $round: wrk ${wrk_eff}, ours ${ours_eff}"
  return 0
}

# --- main ---------------------------------------------------------------------------------------------------------
need_tools "wrk is the reference client, nginx the reference server, taskset pins them" \
  wrk=wrk nginx=nginx taskset=util-linux python3=python3
JAVA="$(find_java)"
JAR="$(fresh_jar http-server)"
SERVE_JAR="${SERVE_JAR:-$JAR}"
[[ -f "$SERVE_JAR" ]] || die "no such jar: SERVE_JAR=$SERVE_JAR"
say "loadgen-vs-wrk: java $("$JAVA" -version 2>&1 | head -1), $(nproc) CPUs, wrk $(wrk -v 2>&1 | head -1 | awk '{print $2}'), load average $(load_avg)"
(( $(nproc) >= 2 )) || say "warning: fewer than 2 CPUs: server and client share one"

for round in $(seq 1 "$ROUNDS"); do
  say "round $round of $ROUNDS"
  port="$(free_port)"
  start_nginx "$port" "$PING_LOCATION"
  CHILDREN+=("$NGINX_PID")
  compare nginx "http://127.0.0.1:$port/ping" atleast:0.7
  kill "$NGINX_PID" 2>/dev/null || true
  wait "$NGINX_PID" 2>/dev/null || true

  port="$(free_port)"
  if start_serve "$port"; then
    compare VIRTUAL_SERVER_CACHED "http://127.0.0.1:$port/ping" within:0.15
    kill "$SERVE_PID" 2>/dev/null || true
    wait "$SERVE_PID" 2>/dev/null || true
  fi
done
