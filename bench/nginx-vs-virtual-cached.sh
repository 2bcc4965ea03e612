#!/usr/bin/env bash
# Benchmark, not a test: wrk -t1 -c100 -d10s on /ping and /data.json against nginx (1 worker) and against the
# virtual-cached stage, each server pinned to CPU 0 in turn, wrk pinned to CPU 1, side by side in the same run.
# Prints both figures and the ratio (ours / nginx). Numbers are data, not conclusions: run it on a quiet machine.
#
# Usage: bench/nginx-vs-virtual-cached.sh   (from the repository root, after ./mvnw -B install -DskipTests)
# Environment: JAVA (default: temurin 25 if present, else java on PATH), DURATION (10s), CONNECTIONS (100),
#              SERVER_CPU (0), CLIENT_CPU (1), JAVA_OPTS (-Xms512m -Xmx512m -XX:+UseParallelGC)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAR="$ROOT/http-server/target/http-server.jar"
JAVA=${JAVA:-$( [ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ] && echo /usr/lib/jvm/temurin-25-jdk-amd64/bin/java || echo java )}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-100}
SERVER_CPU=${SERVER_CPU:-0}
CLIENT_CPU=${CLIENT_CPU:-1}
JAVA_OPTS=${JAVA_OPTS:--Xms512m -Xmx512m -XX:+UseParallelGC}
PATHS=(/ping /data.json)

need() { command -v "$1" >/dev/null 2>&1; }
if ! need wrk || ! need nginx || ! need taskset; then
  echo "installing wrk, nginx, util-linux (taskset)..." >&2
  SUDO=$( [ "$(id -u)" = 0 ] && echo "" || echo sudo )
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq wrk nginx-light util-linux >/dev/null \
    || $SUDO apt-get install -y -qq wrk nginx util-linux >/dev/null
fi
[ -f "$JAR" ] || { echo "missing $JAR: run ./mvnw -B install -DskipTests first" >&2; exit 2; }

WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# The same bytes for both servers: the bundled users.json, and a text file holding "pong".
mkdir -p "$WORK/www" "$WORK/logs"
unzip -p "$JAR" loomarena/data/users.json > "$WORK/www/data.json"
printf 'pong' > "$WORK/www/ping"
chmod -R a+rX "$WORK"   # nginx workers run as an unprivileged user

# wrk_rps URL -> requests/sec (non-2xx or socket errors make the run fail loudly)
wrk_rps() {
  local out
  out=$(taskset -c "$CLIENT_CPU" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "$1")
  if grep -q -E 'Non-2xx|Socket errors' <<<"$out"; then
    echo "errors against $1:" >&2; echo "$out" >&2
  fi
  awk '/Requests\/sec/ {print $2}' <<<"$out"
}

warm() { taskset -c "$CLIENT_CPU" wrk -t1 -c"$CONNECTIONS" -d3s "$1" >/dev/null; }

# --- nginx: one worker pinned to SERVER_CPU -------------------------------------------------------------------
NGINX_PORT=$(free_port)
cat > "$WORK/nginx.conf" <<EOF
worker_processes 1;
worker_cpu_affinity 1$(printf '0%.0s' $(seq 1 "$SERVER_CPU"));
pid $WORK/nginx.pid;
error_log $WORK/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_requests 1000000; keepalive_timeout 30s;
  types { application/json json; text/plain txt; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WORK/www;
    location = /ping { default_type "text/plain; charset=utf-8"; }
    location = /data.json { default_type application/json; }
  }
}
EOF
taskset -c "$SERVER_CPU" nginx -c "$WORK/nginx.conf" -p "$WORK" 2>/dev/null
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$NGINX_PORT/ping" >/dev/null && break; sleep 0.1; done

declare -A NGINX OURS
for p in "${PATHS[@]}"; do
  warm "http://127.0.0.1:$NGINX_PORT$p"
  NGINX[$p]=$(wrk_rps "http://127.0.0.1:$NGINX_PORT$p")
done
kill "$(cat "$WORK/nginx.pid")"; rm -f "$WORK/nginx.pid"

# --- virtual-cached, pinned to SERVER_CPU ---------------------------------------------------------------------
# shellcheck disable=SC2086
taskset -c "$SERVER_CPU" "$JAVA" $JAVA_OPTS -jar "$JAR" serve --stage virtual-cached --port 0 \
  --data "$WORK/www/data.json" > "$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!
for _ in $(seq 100); do grep -q '^listening on ' "$WORK/server.out" && break; sleep 0.1; done
ADDR=$(awk '/^listening on /{print $3; exit}' "$WORK/server.out")
[ -n "$ADDR" ] || { echo "server did not start:"; tail -5 "$WORK/server.err"; exit 1; }

for p in "${PATHS[@]}"; do
  warm "http://$ADDR$p"; warm "http://$ADDR$p"   # JIT warm-up
  OURS[$p]=$(wrk_rps "http://$ADDR$p")
done

echo
printf '%-12s %16s %22s %8s\n' path "nginx req/s" "virtual-cached req/s" ratio
for p in "${PATHS[@]}"; do
  printf '%-12s %16s %22s %7.2fx\n' "$p" "${NGINX[$p]}" "${OURS[$p]}" \
    "$(awk -v a="${OURS[$p]}" -v b="${NGINX[$p]}" 'BEGIN{print (b>0)?a/b:0}')"
done
echo "(wrk -t1 -c$CONNECTIONS -d$DURATION, servers on CPU $SERVER_CPU, wrk on CPU $CLIENT_CPU; $("$JAVA" -version 2>&1 | head -1))"
