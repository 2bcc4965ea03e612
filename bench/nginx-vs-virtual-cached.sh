#!/usr/bin/env bash
# Benchmark (not a test): wrk -t1 -c100 -d10s on /ping and /data.json, nginx (1 worker) against our virtual server
# serving content from memory (`serve --model virtual --cache-content`, VIRTUAL_SERVER_CACHED), side by side in one run. Each server is pinned to CPU 0 in turn, wrk to CPU 1; both serve the same
# data.json and docroot. Installs wrk and nginx with apt-get when missing, saying so first (root or sudo). Prints both
# figures and the ratio. The machine's load is printed too: on a shared machine the figures are only as good as its
# quiet.
# Usage: bench/nginx-vs-virtual-cached.sh            env: DURATION=10s WARMUP=5s CONNECTIONS=100 MODEL=virtual+cache-content
#        (MODEL: a `serve --model` word, +cache-content for content from memory; STAGE=, its name before, still works)
#        Ports are free ones picked at start (the machine may be shared).
#        JAVA=/path/to/java (JDK >= 21); JAVA_OPTS (default: fixed 512 MB heap, Serial GC, as a one-CPU JVM picks anyway)
#        PROFILE=1 also records a JFR profile of the Java server's /data.json run under target/bench/.
#        NGINX_SENDFILE=on|off (default on, as Debian's nginx.conf): off makes nginx copy the file through user
#        space, as --cache-content does from its in-memory copy (one copy, from a direct buffer into the socket).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-5s}
CONNECTIONS=${CONNECTIONS:-100}
MODEL=${MODEL:-${STAGE:-virtual+cache-content}}
JAVA_OPTS=${JAVA_OPTS:-"-Xms512m -Xmx512m -XX:+UseSerialGC"}
OUT=$ROOT/target/bench
WORK="$(mktemp -d /tmp/nginx-vs-virtual-cached.XXXXXX)"
PIDS=()
cleanup() {
  for p in "${PIDS[@]:-}"; do [[ -n "$p" ]] && kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$OUT"

SCRIPT_NAME=nginx-vs-virtual-cached
# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"

need_tools "wrk drives both servers, nginx is the reference, taskset pins them" \
  wrk=wrk nginx=nginx taskset=util-linux python3=python3
JAVA="$(find_java)"
JAR="$(fresh_jar http-server)"

bundled_content   # the same content for both: the bundled data file and docroot, copied out of the source tree
run_wrk() { wrk_cost "$1" "$2" "$CONNECTIONS" "${3:-}"; } # url duration [server pid]

NGINX_PORT=${NGINX_PORT:-$(free_port)}
JAVA_PORT=${JAVA_PORT:-$(free_port)}
say "machine: $(nproc) CPUs, load average $(load_avg)"
say "nginx: $(nginx_version) (sendfile ${NGINX_SENDFILE:-on}); java: $("$JAVA" -version 2>&1 | head -1); opts: $JAVA_OPTS"
say "other busy processes: $(ps -eo pcpu,comm --sort=-pcpu | awk 'NR>1 && $1>5 {printf "%s(%s%%) ", $2, $1}')"

start_nginx "$NGINX_PORT" "$NGINX_LOCATIONS" "${NGINX_SENDFILE:-on}"
PIDS+=("$NGINX_PID")
run_wrk "http://127.0.0.1:$NGINX_PORT/ping" "$WARMUP" >/dev/null
read -r NGINX_PING NGINX_PING_CPU _ < <(run_wrk "http://127.0.0.1:$NGINX_PORT/ping" "$DURATION" "$NGINX_PID")
run_wrk "http://127.0.0.1:$NGINX_PORT/data.json" "$WARMUP" >/dev/null
read -r NGINX_DATA NGINX_DATA_CPU _ < <(run_wrk "http://127.0.0.1:$NGINX_PORT/data.json" "$DURATION" "$NGINX_PID")
kill "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true
say "nginx done: load average $(load_avg)"

on_cpu 0
# shellcheck disable=SC2086,SC2046 # options are words
"${ON_CPU[@]}" "$JAVA" $JAVA_OPTS -jar "$JAR" serve $(serve_model "$JAR" "$MODEL") --host 127.0.0.1 --port "$JAVA_PORT" \
  --data "$CONTENT/data.json" --docroot "$CONTENT/docroot" > "$OUT/java-server.log" 2>&1 &
JAVA_PID=$!; PIDS+=("$JAVA_PID")
wait_port "$JAVA_PORT" 20 || die "serve $MODEL did not listen on $JAVA_PORT: $(tail -3 "$OUT/java-server.log")"
run_wrk "http://127.0.0.1:$JAVA_PORT/ping" "$WARMUP" >/dev/null
read -r JAVA_PING JAVA_PING_CPU _ < <(run_wrk "http://127.0.0.1:$JAVA_PORT/ping" "$DURATION" "$JAVA_PID")
run_wrk "http://127.0.0.1:$JAVA_PORT/data.json" "$WARMUP" >/dev/null
if [ "${PROFILE:-0}" = 1 ]; then
  jcmd=$(dirname "$JAVA")/jcmd
  "$jcmd" "$JAVA_PID" JFR.start name=bench settings=profile filename="$OUT/data-json.jfr" >/dev/null
fi
read -r JAVA_DATA JAVA_DATA_CPU _ < <(run_wrk "http://127.0.0.1:$JAVA_PORT/data.json" "$DURATION" "$JAVA_PID")
if [ "${PROFILE:-0}" = 1 ]; then
  "$jcmd" "$JAVA_PID" JFR.stop name=bench >/dev/null && say "JFR profile: $OUT/data-json.jfr"
fi
kill -TERM "$JAVA_PID" 2>/dev/null || true; wait "$JAVA_PID" 2>/dev/null || true

echo
printf '%-11s %12s %14s %7s %7s | %12s %14s\n' path "nginx req/s" "$MODEL" ratio target "nginx us/req" "$MODEL us/req"
printf '%-11s %12s %14s %7s %7s | %12s %14s\n' /ping "$NGINX_PING" "$JAVA_PING" "$(ratio "$JAVA_PING" "$NGINX_PING")" ">=1.0" "$NGINX_PING_CPU" "$JAVA_PING_CPU"
printf '%-11s %12s %14s %7s %7s | %12s %14s\n' /data.json "$NGINX_DATA" "$JAVA_DATA" "$(ratio "$JAVA_DATA" "$NGINX_DATA")" ">=1.2" "$NGINX_DATA_CPU" "$JAVA_DATA_CPU"
say "(wrk -t1 -c$CONNECTIONS -d$DURATION after a $WARMUP warm-up; servers on CPU 0, wrk on CPU 1."
say " us/req = server CPU time (user+system, all threads) per request: less sensitive to other load on CPU 0)"
say "after: load average $(load_avg)"
