#!/usr/bin/env bash
# Benchmark (not a test): wrk -t1 -c100 -d10s on /ping and /data.json, nginx (1 worker) against the virtual-cached
# stage, side by side in one run. Each server is pinned to CPU 0 in turn, wrk to CPU 1; both serve the same
# data.json and docroot. Installs wrk and nginx with apt-get when missing (as root). Prints both figures and the
# ratio. The machine's load is printed too: on a shared machine the figures are only as good as its quiet.
# Usage: bench/nginx-vs-virtual-cached.sh            env: DURATION=10s WARMUP=5s CONNECTIONS=100 STAGE=virtual-cached
#        Ports are free ones picked at start (the machine may be shared).
#        JAVA_OPTS (default: fixed 512 MB heap, Serial GC, as a one-CPU JVM picks anyway)
#        PROFILE=1 also records a JFR profile of the Java server's /data.json run under target/bench/.
#        NGINX_SENDFILE=on|off (default on, as Debian's nginx.conf): off makes nginx copy the file through user
#        space, as virtual-cached does from its in-memory copy (one copy, from a direct buffer into the socket).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-5s}
CONNECTIONS=${CONNECTIONS:-100}
STAGE=${STAGE:-virtual-cached}
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/temurin-2[1-9]*/bin/java /usr/lib/jvm/*-2[1-9]*/bin/java 2>/dev/null | head -1)}
JAVA=${JAVA:-java}
JAVA_OPTS=${JAVA_OPTS:-"-Xms512m -Xmx512m -XX:+UseSerialGC"}
JAR=$ROOT/http-server/target/http-server.jar
OUT=$ROOT/target/bench
mkdir -p "$OUT"

need=()
command -v wrk >/dev/null || need+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
command -v taskset >/dev/null || need+=(util-linux)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[ -f "$JAR" ] || ./mvnw -q -B -pl http-server -am package -DskipTests

# The same content for both: the bundled data file and docroot, copied out of the source tree.
CONTENT=$OUT/content
rm -rf "$CONTENT" && mkdir -p "$CONTENT/docroot" "$CONTENT/nginx"
cp http-server/src/main/resources/loomarena/data/users.json "$CONTENT/data.json"
cp http-server/src/main/resources/loomarena/docroot/* "$CONTENT/docroot/"
chmod -R a+rX "$CONTENT"   # nginx workers started by root run as an unprivileged user
write_nginx_conf() {
cat > "$CONTENT/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $CONTENT/nginx/nginx.pid;
error_log $CONTENT/nginx/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile ${NGINX_SENDFILE:-on};
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000;
  client_body_temp_path $CONTENT/nginx/body;
  proxy_temp_path $CONTENT/nginx/proxy;
  fastcgi_temp_path $CONTENT/nginx/fastcgi;
  uwsgi_temp_path $CONTENT/nginx/uwsgi;
  scgi_temp_path $CONTENT/nginx/scgi;
  types { application/json json; text/html html; text/css css; text/javascript js; image/svg+xml svg; text/plain txt; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location = /ping { default_type text/plain; return 200 "pong"; }
    location = /data.json { root $CONTENT; }
    location /files/ { alias $CONTENT/docroot/; }
  }
}
CONF
}

PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

cpu_ticks() { # summed user+system clock ticks of the given pids and their children
  local total=0 pid
  for pid in "$@" $(for p in "$@"; do pgrep -P "$p" || true; done); do
    [ -r "/proc/$pid/stat" ] && total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
  done
  echo "$total"
}
run_wrk() { # url duration [server pid] -> "requests/sec microseconds-of-server-CPU-per-request"
  local before after requests
  before=$(cpu_ticks "${3:-$$}")
  taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"$2" "$1" > "$OUT/wrk.last" 2>&1 || true
  after=$(cpu_ticks "${3:-$$}")
  local errors; errors=$(grep -E "Socket errors|Non-2xx" "$OUT/wrk.last" || true)
  [ -z "$errors" ] || echo "   wrk reported: $errors" >&2
  requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$OUT/wrk.last")
  echo "$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$OUT/wrk.last")" \
    "$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v n="${requests:-0}" 'BEGIN { if (n > 0) printf "%.1f", t / hz * 1e6 / n; else print "n/a" }')"
}
free_port() { # a port nothing listens on, from the ephemeral-free range 20000-29999
  local port
  for _ in $(seq 1 200); do
    port=$((20000 + RANDOM % 10000))
    (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null || { echo "$port"; return 0; }
  done
  echo "no free port found" >&2; exit 1
}
wait_port() { for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0; sleep 0.1; done; echo "port $1 did not open" >&2; exit 1; }

NGINX_PORT=${NGINX_PORT:-$(free_port)}
JAVA_PORT=${JAVA_PORT:-$(free_port)}
echo "machine: $(nproc) CPUs, $(uptime | sed 's/.*load average/load average/')"
echo "nginx: $($NGINX -v 2>&1 | sed 's/.*: //') (sendfile ${NGINX_SENDFILE:-on}); java: $("$JAVA" -version 2>&1 | head -1); opts: $JAVA_OPTS"
echo "other busy processes: $(ps -eo pcpu,comm --sort=-pcpu | awk 'NR>1 && $1>5 {printf "%s(%s%%) ", $2, $1}')"

write_nginx_conf
taskset -c 0 "$NGINX" -c "$CONTENT/nginx/nginx.conf" -p "$CONTENT/nginx" &
NGINX_PID=$!; PIDS+=($NGINX_PID); wait_port $NGINX_PORT
run_wrk "http://127.0.0.1:$NGINX_PORT/ping" "$WARMUP" >/dev/null
read -r NGINX_PING NGINX_PING_CPU < <(run_wrk "http://127.0.0.1:$NGINX_PORT/ping" "$DURATION" "$NGINX_PID")
run_wrk "http://127.0.0.1:$NGINX_PORT/data.json" "$WARMUP" >/dev/null
read -r NGINX_DATA NGINX_DATA_CPU < <(run_wrk "http://127.0.0.1:$NGINX_PORT/data.json" "$DURATION" "$NGINX_PID")
kill "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true
echo "nginx done: $(uptime | sed 's/.*load average/load average/')"

# shellcheck disable=SC2086
taskset -c 0 "$JAVA" $JAVA_OPTS -jar "$JAR" serve --stage "$STAGE" --port $JAVA_PORT \
  --data "$CONTENT/data.json" --docroot "$CONTENT/docroot" > "$OUT/java-server.log" 2>&1 &
JAVA_PID=$!; PIDS+=($JAVA_PID); wait_port $JAVA_PORT
run_wrk "http://127.0.0.1:$JAVA_PORT/ping" "$WARMUP" >/dev/null
read -r JAVA_PING JAVA_PING_CPU < <(run_wrk "http://127.0.0.1:$JAVA_PORT/ping" "$DURATION" "$JAVA_PID")
run_wrk "http://127.0.0.1:$JAVA_PORT/data.json" "$WARMUP" >/dev/null
if [ "${PROFILE:-0}" = 1 ]; then
  jcmd=$(dirname "$JAVA")/jcmd
  "$jcmd" "$JAVA_PID" JFR.start name=bench settings=profile filename="$OUT/data-json.jfr" >/dev/null
fi
read -r JAVA_DATA JAVA_DATA_CPU < <(run_wrk "http://127.0.0.1:$JAVA_PORT/data.json" "$DURATION" "$JAVA_PID")
if [ "${PROFILE:-0}" = 1 ]; then
  "$jcmd" "$JAVA_PID" JFR.stop name=bench >/dev/null && echo "JFR profile: $OUT/data-json.jfr"
fi
kill -TERM "$JAVA_PID" 2>/dev/null || true; wait "$JAVA_PID" 2>/dev/null || true

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
echo
printf '%-11s %12s %14s %7s %7s | %12s %14s\n' path "nginx req/s" "$STAGE" ratio target "nginx us/req" "$STAGE us/req"
printf '%-11s %12s %14s %7s %7s | %12s %14s\n' /ping "$NGINX_PING" "$JAVA_PING" "$(ratio "$JAVA_PING" "$NGINX_PING")" ">=1.0" "$NGINX_PING_CPU" "$JAVA_PING_CPU"
printf '%-11s %12s %14s %7s %7s | %12s %14s\n' /data.json "$NGINX_DATA" "$JAVA_DATA" "$(ratio "$JAVA_DATA" "$NGINX_DATA")" ">=1.2" "$NGINX_DATA_CPU" "$JAVA_DATA_CPU"
echo "(wrk -t1 -c$CONNECTIONS -d$DURATION after a $WARMUP warm-up; servers on CPU 0, wrk on CPU 1."
echo " us/req = server CPU time (user+system, all threads) per request: less sensitive to other load on CPU 0)"
echo "after: $(uptime | sed 's/.*load average/load average/')"
