# Shared by the bench/ scripts; source it after setting SCRIPT_NAME (for messages) and WORK (a temporary folder the
# script removes on exit; one_server_at_a_time makes it and its removal). What is here is written once for every script:
#   say / die                messages; die exits 1 naming the script
#   find_java                a JDK >= 21 to run the jars with, whatever `java` is first on the PATH (17 here)
#   need_tools tool=package  installs missing tools with apt-get, saying what and why before it does
#   on_cpu CPU               the prefix that pins a command to one CPU (taskset), or none with one warning
#   free_port / wait_port    a free loopback port; waiting for a listener with a deadline
#   cpu_ticks PID...         user + system clock ticks of processes and their children (server CPU per request);
#                            sys_ticks PID... the system (kernel) part alone
#   start_nginx PORT CONF    nginx, one worker, no master, pinned to CPU 0, with the shared settings and CONF's locations
#   fresh_jar MODULE         the module's jar, rebuilt first when older than its sources
#   load_avg                 the load average (1, 5, 15 min), printed beside figures: a busy machine worsens them
#   bundled_content          the server's bundled data file and docroot copied under $WORK, and nginx locations for them
#   start_java PORT LOG ARGS the JVM pinned to CPU 0 with ARGS, waiting until it listens on PORT (sets JAVA_PID)
#   wrk_cost URL DURATION CONNECTIONS PID [WRK-OPTION...]   wrk on CPU 1: "req/s server-CPU-us-per-request
#                            of-which-system-us"
#   median / ratio           the median of the numbers on stdin; A / B with two decimals
#   one_server_at_a_time / start_model / stop_model   one server after another (below, with their own comment)
#   spin_echo_writes TREE NANOS MODEL  a known slowdown: in a worktree TREE, the echo threads of MODEL spin NANOS ns
#                            after each write of the echo loop every model shares (gate-power.sh, history-demo.sh)
#   help_or_no_arguments "$@"  for scripts configured by environment only: --help prints the script's header comment
#                            and exits 0; any other argument exits 2 with one line

say() { printf '%s\n' "$*"; }
die() { printf '%s: %s\n' "${SCRIPT_NAME:-bench}" "$*" >&2; exit 1; }

java_major() { "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}'; }

# Prints the first of $JAVA, the Temurin 25 of these machines, $JAVA_HOME, any /usr/lib/jvm JDK and the PATH's java
# that is a JDK >= 21; dies naming JAVA when there is none.
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

# need_tools "why" tool=package ... : installs the Debian packages of the missing tools (nginx also counts when only
# /usr/sbin/nginx exists), after saying which and why; uses sudo when not root; dies naming them when that fails.
need_tools() {
  local why=$1 missing=() pair tool
  shift
  for pair in "$@"; do
    tool=${pair%%=*}
    command -v "$tool" >/dev/null && continue
    [[ -x "/usr/sbin/$tool" ]] && continue
    missing+=("${pair#*=}")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  say "installing ${missing[*]} with apt-get ($why)"
  local sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  { $sudo apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" \
      >/dev/null; } || die "could not install ${missing[*]} with apt-get; install them and run again"
}

# on_cpu CPU : sets the array ON_CPU to the prefix that pins a command to that CPU (taskset -c CPU), or to nothing,
# with one warning, without taskset or on one CPU. Use it as `on_cpu 0; "${ON_CPU[@]}" java ... &`: taskset execs the
# command, so $! is the command itself (its /proc/PID/stat is its own CPU time, and killing $! stops it). A shell
# function in its place would leave $! pointing at a subshell and its child running after a kill.
PIN_WARNED=no
on_cpu() {
  ON_CPU=()
  if command -v taskset >/dev/null && [[ $(nproc) -gt 1 ]]; then
    ON_CPU=(taskset -c "$1")
  elif [[ "$PIN_WARNED" == no ]]; then
    say "warning: taskset missing or one CPU: server and client run unpinned and share the CPUs" >&2
    PIN_WARNED=yes
  fi
}

# A port nothing listens on, chosen by the kernel (bind to port 0), so two scripts on a shared machine do not collide.
free_port() {
  command -v python3 >/dev/null || die "python3 is needed to pick a free port (or set the port variables)"
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

wait_port() { # port seconds -> 0 once something accepts on 127.0.0.1:port, 1 after the deadline
  local deadline=$((SECONDS + $2))
  until (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do
    (( SECONDS < deadline )) || return 1
    sleep 0.1
  done
}

proc_ticks() { # fields pid... -> the sum of /proc/PID/stat fields (awk expression) over them and their children
  local fields=$1 total=0 pid
  shift
  for pid in "$@" $(for p in "$@"; do pgrep -P "$p" || true; done); do
    [[ -r "/proc/$pid/stat" ]] && total=$((total + $(awk "{print $fields}" "/proc/$pid/stat")))
  done
  echo "$total"
}
cpu_ticks() { proc_ticks '$14 + $15' "$@"; } # pid... -> utime + stime clock ticks of them and their children
sys_ticks() { proc_ticks '$15' "$@"; }       # pid... -> stime clock ticks (in the kernel) of them and their children

load_avg() { awk '{print $1, $2, $3}' /proc/loadavg; }

# start_nginx PORT LOCATIONS [SENDFILE] : nginx with one worker and no master process (its PID is the process that
# serves, for cpu_ticks), keep-alive without a request cap (as our server: a cap would make wrk reconnect), no access
# log, pinned to CPU 0, listening on 127.0.0.1:PORT with the given location blocks. Sets NGINX_PID; dies with nginx's
# own error when it does not listen within 10 s. Its files go under $WORK/nginx.
start_nginx() {
  local port=$1 locations=$2 sendfile=${3:-on} dir="$WORK/nginx"
  mkdir -p "$dir"
  cat >"$dir/nginx.conf" <<CONF
worker_processes 1;
daemon off;
master_process off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile $sendfile;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65s;
  keepalive_requests 100000000;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  types { application/json json; text/html html; text/css css; text/javascript js; image/svg+xml svg; text/plain txt; }
  server {
    listen 127.0.0.1:$port;
    $locations
  }
}
CONF
  local nginx; nginx="$(command -v nginx || echo /usr/sbin/nginx)"
  on_cpu 0
  "${ON_CPU[@]}" "$nginx" -c "$dir/nginx.conf" -p "$dir" >"$dir/out.log" 2>&1 &
  NGINX_PID=$!
  wait_port "$port" 10 || die "nginx did not listen on $port: $(tail -5 "$dir/out.log" "$dir/error.log" 2>/dev/null)"
}

nginx_version() { "$(command -v nginx || echo /usr/sbin/nginx)" -v 2>&1 | sed 's/.*: //'; }

# fresh_jar MODULE : prints the path of MODULE's runnable jar (MODULE/target/MODULE.jar), building it first when it is
# missing or older than any source of the module or of the measurement module it uses: a stale jar would measure
# yesterday's code without a word.
fresh_jar() {
  local module=$1 jar="$ROOT/$1/target/$1.jar"
  if [[ ! -f "$jar" ]] || [[ -n "$(find "$ROOT/$module/src/main" "$ROOT/measurement/src/main" "$ROOT/pom.xml" \
      "$ROOT/$module/pom.xml" -newer "$jar" -print -quit)" ]]; then
    say "building $jar (missing or older than its sources)" >&2
    (cd "$ROOT" && ./mvnw -q -B -ntp -pl "$module" -am package -DskipTests >&2) || die "could not build $jar"
  fi
  echo "$jar"
}

# serve_model JAR MODEL : prints the `serve` options that select MODEL, one of the HTTP server's model words (single,
# platform, pool, virtual) with `+cache-content` for content served from memory (virtual+cache-content). A jar built
# before `--model` existed (BASE= in server-cost.sh) gets the `--stage` name it knew, so one list of models drives a
# comparison with older code. An old word given as MODEL (thread-pool, virtual-cached, ...) is passed on as it is: the
# server accepts it and prints one line naming the new one.
serve_model() {
  local jar=$1 model=${2%+cache-content} cached="" old
  [[ "$2" == *+cache-content ]] && cached=yes
  if "$JAVA" -jar "$jar" serve --help 2>&1 | grep -q -- '--model'; then
    echo "--model $model${cached:+ --cache-content}"
    return
  fi
  case "$model${cached:++cache-content}" in
    single) old=single-threaded ;; platform) old=thread-per-request ;; pool) old=thread-pool ;;
    virtual) old=virtual ;; virtual+cache-content) old=virtual-cached ;; *) old=$2 ;;
  esac
  echo "--stage $old"
}

# bundled_content : copies the bundled data file and docroot (the content `serve` uses by default) to $WORK/content,
# sets CONTENT to it and NGINX_LOCATIONS to nginx locations that serve the same answers as our server: /ping ("pong",
# text/plain), /data.json, /files/. The copies are world-readable, as nginx started by root serves as nobody.
bundled_content() {
  CONTENT=$WORK/content
  mkdir -p "$CONTENT/docroot"
  cp "$ROOT"/http-server/src/main/resources/loomarena/data/users.json "$CONTENT/data.json"
  cp "$ROOT"/http-server/src/main/resources/loomarena/docroot/* "$CONTENT/docroot/"
  chmod -R a+rX "$WORK"
  NGINX_LOCATIONS="location = /ping { default_type text/plain; return 200 \"pong\"; }
    location = /data.json { root $CONTENT; }
    location /files/ { alias $CONTENT/docroot/; }"
}

# start_java PORT LOG JVM-AND-PROGRAM-ARGS... : starts $JAVA pinned to CPU 0 with the given arguments (JVM options
# first, then -jar ... and the program's), output to LOG, and waits up to 30 s until it listens on PORT. Sets
# JAVA_PID (the JVM itself, see on_cpu); dies with the end of LOG when it does not listen.
start_java() {
  local port=$1 log=$2
  shift 2
  on_cpu 0
  "${ON_CPU[@]}" "$JAVA" "$@" </dev/null >"$log" 2>&1 &
  JAVA_PID=$!
  wait_port "$port" 30 && kill -0 "$JAVA_PID" 2>/dev/null || die "java $* did not listen on $port: $(tail -3 "$log")"
}

# wrk_cost URL DURATION CONNECTIONS [PID [WRK-OPTION...]] : runs wrk -t1 pinned to CPU 1 and prints "requests/s
# us-per-request system-us-per-request", where us-per-request is the CPU time (user + system, all threads) PID used
# during the run divided by the requests wrk counted, and the last its system (kernel) part alone ("n/a" without PID
# or requests). WRK-OPTIONs (-H 'Name: value', -s script.lua; PID may be "" before them) go to wrk before the URL;
# wrk's whole output stays in $WORK/wrk.last. Socket errors and non-2xx answers wrk reports are printed to stderr.
wrk_cost() {
  local url=$1 duration=$2 connections=$3 pid=${4:-} before=0 after=0 sys_before=0 sys_after=0
  local requests rate out="$WORK/wrk.last" options=("${@:5}")
  [[ -n "$pid" ]] && before=$(cpu_ticks "$pid") sys_before=$(sys_ticks "$pid")
  on_cpu 1
  "${ON_CPU[@]}" wrk -t1 -c"$connections" -d"$duration" "${options[@]}" "$url" >"$out" 2>&1 || true
  [[ -n "$pid" ]] && after=$(cpu_ticks "$pid") sys_after=$(sys_ticks "$pid")
  local errors; errors=$(grep -E "Socket errors|Non-2xx" "$out" || true)
  [[ -z "$errors" ]] || say "   wrk on $url reported: $errors" >&2
  requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$out")
  rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$out")
  echo "${rate:-0}" "$(per_request $((after - before)) "${requests:-0}" "$pid")" \
    "$(per_request $((sys_after - sys_before)) "${requests:-0}" "$pid")"
}
per_request() { # ticks requests pid -> microseconds per request, or n/a without requests or pid
  awk -v t="$1" -v n="$2" -v p="$3" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { if (n > 0 && p != "") printf "%.2f", t / hz * 1e6 / n; else print "n/a" }'
}

median() { # numbers on stdin (non-numbers ignored) -> their median, or n/a when there is none
  grep -E '^[0-9.]+$' | sort -g | awk '{v[NR] = $1} END {
    if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2f", a / b; else print "n/a" }'; }

# A background load that a script starts and stops itself: a neighbour that comes and goes, as on a laptop or a
# shared CI runner. Set LOAD_CPU, LOAD_DUTY (percent busy per 100 ms), LOAD_AFTER and LOAD_FOR (seconds), then
# check_load_settings, `load_window & TIMER_PID=$!` before the measured work and `stop_load` after it (and in the EXIT trap).
LOAD_PID=""
TIMER_PID=""
check_load_settings() {
  local value
  for value in "$LOAD_CPU" "$LOAD_DUTY" "$LOAD_AFTER" "$LOAD_FOR"; do
    [[ "$value" =~ ^[0-9]+$ ]] || die "LOAD_CPU, LOAD_DUTY, LOAD_AFTER and LOAD_FOR must be whole numbers, got '$value'"
  done
  (( LOAD_DUTY >= 1 && LOAD_DUTY <= 100 )) || die "LOAD_DUTY must be 1..100 (percent busy), got $LOAD_DUTY"
  (( LOAD_CPU < $(nproc) )) || die "LOAD_CPU must be one of this machine's CPUs, 0..$(( $(nproc) - 1 )), got $LOAD_CPU"
  command -v python3 >/dev/null || die "python3 is needed for the background busy loop"
}
stop_load() {
  if [[ -n "$TIMER_PID" ]]; then kill "$TIMER_PID" 2>/dev/null || true; wait "$TIMER_PID" 2>/dev/null || true; fi
  if [[ -n "$LOAD_PID" ]]; then kill "$LOAD_PID" 2>/dev/null || true; wait "$LOAD_PID" 2>/dev/null || true; fi
  TIMER_PID=""
  LOAD_PID=""
}
# The busy loop: busy LOAD_DUTY ms, then idle for the rest of each 100 ms, bounded by LOAD_FOR seconds on its own.
busy_loop() {
  on_cpu "$LOAD_CPU"
  "${ON_CPU[@]}" python3 -c '
import sys, time
duty, seconds = int(sys.argv[1]) / 100.0, int(sys.argv[2])
end = time.monotonic() + seconds
while time.monotonic() < end:
    start = time.monotonic()
    while time.monotonic() - start < 0.1 * duty:
        pass
    time.sleep(max(0.0, 0.1 * (1 - duty)))
' "$LOAD_DUTY" "$LOAD_FOR" &
  LOAD_PID=$!
}

# In the background: waits LOAD_AFTER seconds, then runs the busy loop; stopping it (TERM) stops the loop too.
load_window() {
  trap 'stop_load; exit 0' TERM
  sleep "$LOAD_AFTER" &
  wait $!
  busy_loop
  wait "$LOAD_PID" || true
}

# help_or_no_arguments "$@" : the script's header comment (from line 2 to `set -euo pipefail`) for --help or -h, exit 0;
# one line and exit 2 for any other argument; nothing without arguments.
help_or_no_arguments() {
  if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
  fi
  [[ $# -eq 0 ]] || { echo "${SCRIPT_NAME:-bench}: unknown argument '$1' (try --help)" >&2; exit 2; }
}

# For the scripts that try one HTTP server after another (redbot.sh, try-every-stage.sh), the part they share; they
# set SCRIPT_NAME, source this file, call one_server_at_a_time, and set JAVA and JAR before start_model:
#   one_server_at_a_time        WORK, a fresh folder under /tmp named after the script, and an EXIT trap that stops
#                               the server running now (stop_model) and removes WORK, also when the script dies
#   start_model MODEL LOG JVM-OPTION...  `serve` of $JAR as MODEL (serve_model's words) on a free port with those JVM
#                               options, output to LOG; sets PORT and SERVER_PID and waits up to 20 s until it
#                               listens, or dies with the end of LOG
#   stop_model                  stops that server with SIGTERM (as a user's Ctrl-C would) and waits for it
one_server_at_a_time() {
  WORK="$(mktemp -d "/tmp/${SCRIPT_NAME:-bench}.XXXXXX")"
  trap 'stop_model; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT
}
start_model() {
  local model=$1 log=$2
  shift 2
  PORT=$(free_port)
  # shellcheck disable=SC2046 # the model's options are words
  "$JAVA" "$@" -jar "$JAR" serve $(serve_model "$JAR" "$model") --host 127.0.0.1 --port "$PORT" >"$log" 2>&1 &
  SERVER_PID=$!
  wait_port "$PORT" 20 || die "model $model did not listen on $PORT: $(tail -3 "$log")"
}
stop_model() {
  [[ -n "${SERVER_PID:-}" ]] || return 0
  kill -TERM "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}

# spin_echo_writes TREE NANOS MODEL : benchmark mutation testing's known slowdown. In the worktree TREE, the echo
# threads of MODEL (single|platform|pool|virtual) busy-wait NANOS ns after each write of EchoConnection's read/write
# loop, the loop every echo model shares; the other models' threads are untouched. Dies when the loop's write is not
# where it was (the injection would silently do nothing).
spin_echo_writes() {
  local tree=$1 nanos=$2 model=$3
  local connection="$tree/echo/src/main/java/io/loomarena/echo/server/EchoConnection.java"
  python3 - "$connection" "$nanos" "$model" <<'PY' || die "cannot find the write of the echo loop in $connection"
import sys
path, nanos, model = sys.argv[1], int(sys.argv[2]), sys.argv[3]
line = "                out.write(buffer, 0, read);"
try:
    source = open(path).read()
except OSError:
    sys.exit(1)
if source.count(line) != 1:
    sys.exit(1)
spin = (line + "\n"
        + "                if (Thread.currentThread().getName().startsWith(\"echo-" + model + "-\")) {\n"
        + "                    long spinEnd = System.nanoTime() + " + str(nanos) + "L;\n"
        + "                    while (System.nanoTime() < spinEnd) {\n"
        + "                        Thread.onSpinWait();\n"
        + "                    }\n"
        + "                }")
open(path, "w").write(source.replace(line, spin))
PY
}
