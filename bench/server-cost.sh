#!/usr/bin/env bash
# What does a request or a message cost our servers, next to nginx and to a Go echo server? A benchmark that prints
# figures (not a test), in four parts, each server pinned to CPU 0 and its load to CPU 1:
#   http  nginx (one worker, no master, the same content) and every concurrent `serve` model, wrk -t1 -c100 on /ping and
#         /data.json, ROUNDS rounds with the servers interleaved (nginx, model 1, model 2, ... each round): req/s and
#         the server's CPU microseconds per request (utime + stime of its process / requests answered) and the
#         system (kernel) part of it (mostly the socket reads and writes, which the servers share).
#   conditional  nginx and each of CONDITIONAL_MODELS on the static-content answers of issue 41, interleaved as above:
#         "304", a GET of /data.json with If-None-Match carrying the ETag that server gave (curl asks each server
#         first; nginx has its own), answered 304 with no body, and "range", its first KiB (Range: bytes=0-1023),
#         answered 206. A wrk Lua script counts the status of every answer: a single other status (a 200 would make
#         the figure meaningless) stops the script with exit 1. Target: CPU per 304 at or below nginx's.
#   echo  a Go io.Copy echo server (built from a few lines here when `go` is installed) and every echo model, driven by
#         our own `echo client --model virtual` (100 clients x 10,000 x 32 B, then 1,000 x 1,000 x 32 B), ROUNDS
#         rounds interleaved: msg/s, the server's CPU microseconds per message and how busy the server's CPU was
#         (below ~90% the client, not the server, set msg/s).
#   idle  a fresh echo server of each of IDLE_MODELS, one after another, IDLE_CONNECTIONS connections that each echo
#         one byte and then stay open: RSS per connection (after a full GC, against the same server before the
#         connections), the models side by side.
# Then one table per part with the medians, the ratio to the reference and each target of issue 15 with PASS or MISS
# (by the medians), beside the lowest and highest ratio of a single round: a verdict inside that spread is noise.
# The CPU per request or message is what the targets mostly rest on: it is far less disturbed than req/s by other work
# on the machine, whose load average is printed beside every figure.
#
# Environment: PARTS="http conditional echo idle"  ROUNDS=3  DURATION=5s  CONNECTIONS=100
#              WARMUP=10s per HTTP server and path: a Java server's JIT compiler threads still cost 1.3 us per /ping
#                request 4-8 s into the load and ~0.1 us 8-12 s in, which a 3 s warm-up left in the first round
#              HTTP_MODELS="platform pool virtual virtual+cache-content" (`serve --model` words, +cache-content for
#              content from memory; STAGES=, the name before, still works; single serves one connection at a time,
#              so 100 keep-alive connections would measure its queue, not its cost; `event-loop`, and `netty`,
#              Netty's own HTTP server, the reference for /ping and /data.json that this part measures, may be
#              added: HTTP_MODELS="virtual+cache-content event-loop netty")
#              CONDITIONAL_MODELS="virtual+cache-content event-loop" (the same words as HTTP_MODELS)
#              NGINX_OPEN_FILE_CACHE=no: yes gives the conditional part's nginx `open_file_cache` (off by default in
#                nginx, which then opens and stats the file for every request, a 304 included; our cached models keep
#                the content and its validators in memory)
#              ECHO_MODELS="platform pool virtual"  ECHO_WORKLOADS="100x10000 1000x1000" (clients x messages)  SIZE=32
#              IDLE_CONNECTIONS=10000  IDLE_MODELS="virtual" (echo `server --model` words; every connection must be
#                served at once, so not single (one connection at a time) nor pool (100 threads): for example
#                IDLE_MODELS="platform virtual event-loop netty")
#              BASE=/folder/with/http-server.jar+echo.jar: every Java server is also measured from those jars, in the
#                same rounds (row "<name> (base)"), to compare a change with the code before it
#              JAVA=/path/to/java (JDK >= 21)  HTTP_JVM_OPTS="-Xms512m -Xmx512m -XX:+UseSerialGC"
#              ECHO_JVM_OPTS="-Xms512m -Xmx512m -XX:+UseG1GC" (as the echo benchmarks' forked servers)
#              PROFILE=1: a JFR recording of every Java server over the whole run, under target/bench/server-cost/
#              SYSCALLS=yes: after the http rounds, one more wrk run of DURATION per server and path with `perf stat`
#                counting the server process's system calls (kernel tracepoints): calls per request, in total and
#                by name. Not part of the CPU figures above (counting costs a little); it says which calls a server
#                makes more of than nginx. Needs perf with access to the syscalls tracepoints (as root, or
#                kernel.perf_event_paranoid <= -1); without it the script says so and leaves the count out.
# Installs wrk, nginx, taskset and python3 with apt-get when missing (saying so first); Go is optional (without it the
# echo part has no reference row).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PARTS="${PARTS:-http conditional echo idle}"
ROUNDS="${ROUNDS:-3}"
SYSCALLS="${SYSCALLS:-no}"
[[ "$SYSCALLS" == yes || "$SYSCALLS" == no ]] || { echo "server-cost: SYSCALLS is yes or no, got '$SYSCALLS'" >&2; exit 2; }
DURATION="${DURATION:-5s}"
[[ "$SYSCALLS" == no || "$DURATION" =~ ^[0-9]+s$ ]] \
  || { echo "server-cost: SYSCALLS=yes needs DURATION in whole seconds (5s), got '$DURATION'" >&2; exit 2; }
WARMUP="${WARMUP:-10s}"
CONNECTIONS="${CONNECTIONS:-100}"
HTTP_MODELS="${HTTP_MODELS:-${STAGES:-platform pool virtual virtual+cache-content}}"
CONDITIONAL_MODELS="${CONDITIONAL_MODELS:-virtual+cache-content event-loop}"
NGINX_OPEN_FILE_CACHE="${NGINX_OPEN_FILE_CACHE:-no}"
[[ "$NGINX_OPEN_FILE_CACHE" == yes || "$NGINX_OPEN_FILE_CACHE" == no ]] \
  || { echo "server-cost: NGINX_OPEN_FILE_CACHE is yes or no, got '$NGINX_OPEN_FILE_CACHE'" >&2; exit 2; }
ECHO_MODELS="${ECHO_MODELS:-platform pool virtual}"
ECHO_WORKLOADS="${ECHO_WORKLOADS:-100x10000 1000x1000}"
SIZE="${SIZE:-32}"
IDLE_CONNECTIONS="${IDLE_CONNECTIONS:-10000}"
IDLE_MODELS="${IDLE_MODELS:-virtual}"
for model in $IDLE_MODELS; do
  [[ "$model" =~ ^(platform|virtual|event-loop|netty)$ ]] || { echo "server-cost: IDLE_MODELS: '$model' cannot hold" \
    "every connection at once (platform, virtual, event-loop or netty)" >&2; exit 2; }
done
BASE="${BASE:-}"
HTTP_JVM_OPTS="${HTTP_JVM_OPTS:--Xms512m -Xmx512m -XX:+UseSerialGC}"
ECHO_JVM_OPTS="${ECHO_JVM_OPTS:--Xms512m -Xmx512m -XX:+UseG1GC}"
OUT=$ROOT/target/bench/server-cost
WORK="$(mktemp -d /tmp/server-cost.XXXXXX)"
PIDS=()

cleanup() {
  for pid in "${PIDS[@]:-}"; do [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM   # so that cleanup also runs when the script is interrupted

SCRIPT_NAME=server-cost
# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"

need_tools "wrk loads the HTTP servers, nginx is their reference, curl asks them for their validators, taskset pins, \
python3 picks ports and holds idle connections" wrk=wrk nginx=nginx curl=curl taskset=util-linux python3=python3
JAVA="$(find_java)"
HZ="$(getconf CLK_TCK)"
mkdir -p "$OUT"
RESULTS=$WORK/results   # one line per measurement: part server label figures...
: >"$RESULTS"

# The jars of each variant: "" is this build, "base" the jars in $BASE.
VARIANTS=("")
if [[ -n "$BASE" ]]; then
  [[ -f "$BASE/http-server.jar" && -f "$BASE/echo.jar" ]] || die "BASE=$BASE must hold http-server.jar and echo.jar"
  VARIANTS+=(base)
fi
jar_of() { # module variant
  if [[ "$2" == base ]]; then echo "$BASE/$1.jar"; else fresh_jar "$1"; fi
}
label() { [[ -z "$2" ]] && echo "$1" || echo "$1 ($2)"; }
jfr_opts() { # name -> JVM options that record a JFR profile of the whole run when PROFILE=1
  [[ "${PROFILE:-0}" == 1 ]] && echo "-XX:StartFlightRecording=settings=profile,filename=$OUT/${1// /-}.jfr"
  return 0
}
stop() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }
result() { echo "$*" >>"$RESULTS"; }
# the medians of column $4 of the results of part $1, server $2 and label $3
median_of() { awk -v p="$1" -v s="$2" -v l="$3" -v c="$4" -F'|' '$1 == p && $2 == s && $3 == l {print $c}' "$RESULTS" | median; }
# the lowest and highest ratio of column $4 between server $2 and server $5 (part $1, label $3), pairing the figures of
# each round: how far the rounds spread, so that a verdict within that spread is read as the noise it is
round_ratios() {
  awk -v p="$1" -v s="$2" -v l="$3" -v c="$4" -v ref="$5" -F'|' '
    $1 == p && $3 == l && $2 == s { mine[$NF] = $c }
    $1 == p && $3 == l && $2 == ref { theirs[$NF] = $c }
    END {
      for (r in mine) if ((r in theirs) && theirs[r] > 0 && mine[r] ~ /^[0-9.]+$/) {
        x = mine[r] / theirs[r]; if (n == 0 || x < lo) lo = x; if (n == 0 || x > hi) hi = x; n++
      }
      if (n > 1) printf "rounds %.2f-%.2fx", lo, hi; else print "one round"
    }' "$RESULTS"
}
verdict() { # value limit -> PASS when value <= limit
  awk -v v="$1" -v l="$2" 'BEGIN { if (v !~ /^[0-9.]+$/) print "n/a"; else print (v <= l ? "PASS" : "MISS") }'
}

say "server-cost: $(nproc) CPUs, java $("$JAVA" -version 2>&1 | head -1), load average $(load_avg)"
say "servers on CPU 0, load on CPU 1; $ROUNDS rounds, servers interleaved in each; medians below"
say "other busy processes: $(ps -eo pcpu,comm --sort=-pcpu | awk 'NR>1 && $1>5 {printf "%s(%s%%) ", $2, $1}')"

# --- http ---------------------------------------------------------------------------------------------------------
# start_http_servers PART MODELS : nginx and every model of MODELS (in each variant) on free ports, serving the
# bundled content; sets SERVERS (their names, nginx first), PORTS and SERVER_PIDS, in that order.
start_http_servers() {
  bundled_content
  SERVERS=(nginx) PORTS=() SERVER_PIDS=()
  local model variant name port jar directives=""
  port=$(free_port)
  [[ "$1" == conditional && "$NGINX_OPEN_FILE_CACHE" == yes ]] \
    && directives="open_file_cache max=100 inactive=60s; open_file_cache_valid 60s;"
  start_nginx "$port" "$directives $NGINX_LOCATIONS" on
  PIDS+=("$NGINX_PID"); PORTS+=("$port"); SERVER_PIDS+=("$NGINX_PID")
  for model in $2; do
    for variant in "${VARIANTS[@]}"; do
      name=$(label "$model" "$variant") port=$(free_port) jar=$(jar_of http-server "$variant")
      # shellcheck disable=SC2046,SC2086 # JVM options are words
      start_java "$port" "$WORK/serve-$model-$variant.log" $HTTP_JVM_OPTS $(jfr_opts "$1 $name") \
        -jar "$jar" serve $(serve_model "$jar" "$model") --host 127.0.0.1 --port "$port" \
        --data "$CONTENT/data.json" --docroot "$CONTENT/docroot"
      PIDS+=("$JAVA_PID"); SERVERS+=("$name"); PORTS+=("$port"); SERVER_PIDS+=("$JAVA_PID")
    done
  done
}

http_part() {
  start_http_servers http "$HTTP_MODELS"
  local servers=("${SERVERS[@]}") ports=("${PORTS[@]}") pids=("${SERVER_PIDS[@]}")
  say ""
  say "== http: wrk -t1 -c$CONNECTIONS -d$DURATION per figure (after one $WARMUP warm-up per server and path) =="
  local i path rate us load
  for i in "${!servers[@]}"; do
    for path in /ping /data.json; do wrk_cost "http://127.0.0.1:${ports[$i]}$path" "$WARMUP" "$CONNECTIONS" >/dev/null; done
  done
  printf '%-5s %-30s %-10s %10s %9s %9s   %s\n' round server path req/s us/req "sys us" "load average before"
  for round in $(seq 1 "$ROUNDS"); do
    for path in /ping /data.json; do
      for i in "${!servers[@]}"; do
        load=$(load_avg)
        read -r rate us sys < <(wrk_cost "http://127.0.0.1:${ports[$i]}$path" "$DURATION" "$CONNECTIONS" "${pids[$i]}")
        printf '%-5s %-30s %-10s %10s %9s %9s   %s\n' "$round" "${servers[$i]}" "$path" "$rate" "$us" "$sys" "$load"
        result "http|${servers[$i]}|$path|$rate|$us|$sys|$round"
      done
    done
  done
  [[ "$SYSCALLS" == yes ]] && syscalls_per_request servers ports pids
  for i in "${!pids[@]}"; do stop "${pids[$i]}"; done

  say ""
  say "http medians (us/req = server CPU per request, sys = its part in the kernel; x nginx = us/req / nginx's us/req):"
  printf '%-30s | %10s %9s %6s %8s | %10s %9s %6s %8s\n' server "/ping r/s" us/req sys "x nginx" "/data r/s" us/req \
    sys "x nginx"
  local nping ndata
  nping=$(median_of http nginx /ping 5) ndata=$(median_of http nginx /data.json 5)
  for name in "${servers[@]}"; do
    local p d
    p=$(median_of http "$name" /ping 5) d=$(median_of http "$name" /data.json 5)
    printf '%-30s | %10s %9s %6s %8s | %10s %9s %6s %8s\n' "$name" "$(median_of http "$name" /ping 4)" "$p" \
      "$(median_of http "$name" /ping 6)" "$(ratio "$p" "$nping")" "$(median_of http "$name" /data.json 4)" "$d" \
      "$(median_of http "$name" /data.json 6)" "$(ratio "$d" "$ndata")"
  done
  say ""
  say "http targets (this build):"
  local r
  if [[ " $HTTP_MODELS " == *" virtual+cache-content "* ]]; then
    r=$(ratio "$(median_of http virtual+cache-content /ping 5)" "$nping")
    say "  $(verdict "$r" 0.9)  virtual+cache-content /ping CPU per request <= 0.9x nginx: ${r}x" \
      "($(round_ratios http virtual+cache-content /ping 5 nginx))"
    r=$(ratio "$(median_of http virtual+cache-content /data.json 5)" "$ndata")
    say "  $(verdict "$r" 1.0)  virtual+cache-content /data.json CPU per request <= 1.0x nginx: ${r}x" \
      "($(round_ratios http virtual+cache-content /data.json 5 nginx))"
  fi
  if [[ " $HTTP_MODELS " == *" event-loop "* ]]; then
    r=$(ratio "$(median_of http event-loop /ping 5)" "$nping")
    say "  $(verdict "$r" 0.9)  event-loop /ping CPU per request <= 0.9x nginx: ${r}x" \
      "($(round_ratios http event-loop /ping 5 nginx))"
  fi
  for model in $HTTP_MODELS; do
    r=$(ratio "$(median_of http "$model" /ping 5)" "$nping")
    say "  $(verdict "$r" 1.3)  $model /ping CPU per request <= 1.3x nginx: ${r}x ($(round_ratios http "$model" /ping 5 nginx))"
  done
}

# --- conditional --------------------------------------------------------------------------------------------------
# status_counter STATUS : writes a wrk Lua script that counts the answers with STATUS and the others (every thread's
# count, printed by done() as "statuses: EXPECTED OTHER FIRST-OTHER-STATUS") and prints its path.
status_counter() {
  local file="$WORK/statuses-$1.lua"
  cat >"$file" <<LUA
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) expected, other, first_other = 0, 0, 0 end
function response(status, headers, body)
  if status == $1 then expected = expected + 1
  else other = other + 1; if first_other == 0 then first_other = status end end
end
function done(summary, latency, requests)
  for _, t in ipairs(threads) do
    io.write(string.format("statuses: %d %d %d\n", t:get("expected"), t:get("other"), t:get("first_other")))
  end
end
LUA
  echo "$file"
}

# check_statuses SERVER REQUEST STATUS : dies unless the last wrk run ($WORK/wrk.last) got STATUS, and only STATUS.
check_statuses() {
  local expected other first
  read -r expected other first < <(sed -n 's/^statuses: //p' "$WORK/wrk.last") || true
  [[ -n "${expected:-}" ]] || die "$1 $2: wrk printed no status count: $(tail -3 "$WORK/wrk.last")"
  (( other == 0 && expected > 0 )) || die "$1 $2: $other of $((expected + other)) answers were not $3 (the first" \
    "was $first): the figure would not measure a $3; stopped"
}

# probe_validators SERVER PORT : asks the server for /data.json with curl and sets ETAG to its ETag, after checking
# that it answers 304 to If-None-Match with it and 206 with "Content-Range: bytes 0-1023/SIZE" and 1,024 bytes to the
# range, SIZE being the bundled data file's: every server is then known to serve the same content and both answers.
probe_validators() {
  local url="http://127.0.0.1:$2/data.json" head status range size
  size=$(stat -c %s "$CONTENT/data.json")
  head=$(curl -s -m 10 -D - -o /dev/null "$url" | tr -d '\r')
  ETAG=$(awk 'tolower($1) == "etag:" { print $2 }' <<<"$head")
  [[ -n "$ETAG" ]] || die "$1 gave no ETag for /data.json: $(head -1 <<<"$head")"
  status=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H "If-None-Match: $ETAG" "$url")
  [[ "$status" == 304 ]] || die "$1 answered $status, not 304, to If-None-Match: $ETAG"
  head=$(curl -s -m 10 -D - -o "$WORK/range.body" -H 'Range: bytes=0-1023' "$url" | tr -d '\r')
  range=$(awk 'tolower($1) == "content-range:" { print $2, $3 }' <<<"$head")
  [[ "$(head -1 <<<"$head")" == *" 206"* && "$range" == "bytes 0-1023/$size" && $(stat -c %s "$WORK/range.body") == 1024 ]] \
    || die "$1 did not answer the range with 206, Content-Range: bytes 0-1023/$size and 1024 bytes:" \
      "$(head -1 <<<"$head"), Content-Range: $range"
  say "  $1: ETag $ETAG, 304 to If-None-Match, 206 with Content-Range: $range"
}

conditional_part() {
  start_http_servers conditional "$CONDITIONAL_MODELS"
  local servers=("${SERVERS[@]}") ports=("${PORTS[@]}") pids=("${SERVER_PIDS[@]}") etags=() i request
  local -A status=([304]=304 [range]=206) header=([range]="Range: bytes=0-1023") counter
  for request in 304 range; do counter[$request]=$(status_counter "${status[$request]}"); done
  say ""
  say "== conditional: wrk -t1 -c$CONNECTIONS -d$DURATION per figure on /data.json (after one $WARMUP warm-up per" \
    "server and request); every answer's status counted; nginx open_file_cache: $NGINX_OPEN_FILE_CACHE =="
  for i in "${!servers[@]}"; do
    probe_validators "${servers[$i]}" "${ports[$i]}"
    etags+=("$ETAG")
  done
  options() { # i request -> the wrk options of that request to server i, one a line
    local h=${header[$2]:-"If-None-Match: ${etags[$1]}"}
    printf '%s\n' -H "$h" -s "${counter[$2]}"
  }
  local opts rate us sys load
  for i in "${!servers[@]}"; do
    for request in 304 range; do
      mapfile -t opts < <(options "$i" "$request")
      wrk_cost "http://127.0.0.1:${ports[$i]}/data.json" "$WARMUP" "$CONNECTIONS" "" "${opts[@]}" >/dev/null
      check_statuses "${servers[$i]}" "$request" "${status[$request]}"
    done
  done
  printf '%-5s %-30s %-7s %10s %9s %9s   %s\n' round server request req/s us/req "sys us" "load average before"
  for round in $(seq 1 "$ROUNDS"); do
    for request in 304 range; do
      for i in "${!servers[@]}"; do
        mapfile -t opts < <(options "$i" "$request")
        load=$(load_avg)
        read -r rate us sys < <(wrk_cost "http://127.0.0.1:${ports[$i]}/data.json" "$DURATION" "$CONNECTIONS" \
          "${pids[$i]}" "${opts[@]}")
        check_statuses "${servers[$i]}" "$request" "${status[$request]}"
        printf '%-5s %-30s %-7s %10s %9s %9s   %s\n' "$round" "${servers[$i]}" "$request" "$rate" "$us" "$sys" "$load"
        result "conditional|${servers[$i]}|$request|$rate|$us|$sys|$round"
      done
    done
  done
  for i in "${!pids[@]}"; do stop "${pids[$i]}"; done

  say ""
  say "conditional medians (us/req = server CPU per request, sys = its part in the kernel; CPU x = us/req / nginx's,"
  say "r/s x = req/s / nginx's):"
  printf '%-30s | %10s %6s %8s %6s %6s | %10s %6s %8s %6s %6s\n' server "304 r/s" "r/s x" us/req sys "CPU x" \
    "range r/s" "r/s x" us/req sys "CPU x"
  local name request_figures
  for name in "${servers[@]}"; do
    request_figures=()
    for request in 304 range; do
      local r u
      r=$(median_of conditional "$name" "$request" 4) u=$(median_of conditional "$name" "$request" 5)
      request_figures+=("$r" "$(ratio "$r" "$(median_of conditional nginx "$request" 4)")" "$u" \
        "$(median_of conditional "$name" "$request" 6)" "$(ratio "$u" "$(median_of conditional nginx "$request" 5)")")
    done
    printf '%-30s | %10s %6s %8s %6s %6s | %10s %6s %8s %6s %6s\n' "$name" "${request_figures[@]}"
  done
  say ""
  say "conditional targets (this build; the range has none, its ratios are above):"
  local model ratio_304
  for model in $CONDITIONAL_MODELS; do
    ratio_304=$(ratio "$(median_of conditional "$model" 304 5)" "$(median_of conditional nginx 304 5)")
    say "  $(verdict "$ratio_304" 1.0)  $model CPU per 304 <= nginx's: ${ratio_304}x" \
      "($(round_ratios conditional "$model" 304 5 nginx))"
  done
}

# The system calls a server makes per request of /ping and of /data.json: one wrk run of DURATION per server and path
# while `perf stat` counts the server process's calls on the syscalls tracepoints (every thread that exists when it
# attaches: a warm server's).
SYSCALL_NAMES="read readv recvfrom recvmsg write writev sendto sendmsg sendfile64 epoll_wait epoll_pwait epoll_pwait2
epoll_ctl futex accept4 close shutdown ioctl setsockopt getsockopt sched_yield poll ppoll mprotect madvise"
syscalls_per_request() { # names of the arrays: servers ports pids
  local -n names=$1 at=$2 of=$3
  command -v perf >/dev/null || { say "(SYSCALLS=yes: perf is not installed, no system call count)"; return 0; }
  local events=(-e raw_syscalls:sys_enter) name dir
  dir=/sys/kernel/tracing/events/syscalls
  [[ -d $dir ]] || dir=/sys/kernel/debug/tracing/events/syscalls
  for name in $SYSCALL_NAMES; do [[ -d "$dir/sys_enter_$name" ]] && events+=(-e "syscalls:sys_enter_$name"); done
  if ! perf stat -x, "${events[@]}" true >/dev/null 2>&1; then
    say "(SYSCALLS=yes: perf cannot count the syscalls tracepoints here (root, or kernel.perf_event_paranoid <= -1," \
      "and a mounted tracefs), no system call count)"
    return 0
  fi
  say ""
  say "== system calls per request (wrk -t1 -c$CONNECTIONS -d$DURATION, perf stat on the server process) =="
  local i path seconds=${DURATION%s} counts requests out="$WORK/wrk.syscalls" perf_pid
  for path in /ping /data.json; do
    for i in "${!names[@]}"; do
      counts="$WORK/syscalls-$i.csv"
      perf stat -x, -o "$counts" "${events[@]}" -p "${of[$i]}" -- sleep "$seconds" &
      perf_pid=$!
      on_cpu 1
      "${ON_CPU[@]}" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "http://127.0.0.1:${at[$i]}$path" >"$out" 2>&1 || true
      wait "$perf_pid" || true
      requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$out")
      # one line: the server, the path, all calls per request, those no name below counts, then each name that
      # makes at least 0.01 per request, most frequent first
      awk -F, -v n="${requests:-0}" -v server="${names[$i]}" -v path="$path" '
        $3 ~ /sys_enter/ && $1 ~ /^[0-9]+$/ {
          name = $3; sub(/.*sys_enter_?/, "", name); if (name == "") name = "all"
          if ($1 > 0) count[name] = $1
        }
        END {
          if (n == 0 || !("all" in count)) { printf "%-30s %-10s (no requests or no count)\n", server, path; exit }
          named = 0
          for (c in count) if (c != "all") named += count[c]
          printf "%-30s %-10s %6.2f calls/request (other %.2f):", server, path, count["all"] / n, (count["all"] - named) / n
          for (c in count) if (c != "all" && count[c] / n >= 0.01) printf "%.3f %s\n", count[c] / n, c | "sort -gr"
          fflush(); close("sort -gr")
        }' "$counts" | paste -sd' '
    done
  done
}

# --- echo ---------------------------------------------------------------------------------------------------------
GO_ECHO=""
build_go_echo() { # the Go reference: every connection copied back to itself with io.Copy on its own goroutine
  command -v go >/dev/null || { say "(go is not installed: the echo part has no Go reference)"; return 0; }
  mkdir -p "$WORK/goecho"
  cat >"$WORK/goecho/main.go" <<'GO'
package main

import (
	"fmt"
	"io"
	"net"
	"os"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:"+os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for {
		c, err := ln.Accept()
		if err != nil {
			continue
		}
		go func() { io.Copy(c, c); c.Close() }()
	}
}
GO
  (cd "$WORK/goecho" && GOCACHE="$WORK/gocache" GOFLAGS=-mod=mod go mod init goecho >/dev/null 2>&1 &&
    GOCACHE="$WORK/gocache" go build -o goecho . >/dev/null 2>&1) || { say "(could not build the Go echo server)"; return 0; }
  GO_ECHO="$WORK/goecho/goecho"
}

echo_client() { # port clients messages -> "msg/s operations" (the client's own figures)
  local json="$WORK/echo.json"
  rm -f "$json"
  on_cpu 1
  "${ON_CPU[@]}" "$JAVA" -jar "$CLIENT_JAR" client --model virtual --host 127.0.0.1 --port "$1" --clients "$2" \
    --messages "$3" --size "$SIZE" --json "$json" </dev/null >"$WORK/client.out" 2>&1 \
    || die "the echo client failed: $(tail -3 "$WORK/client.out")"
  echo "$(sed -n 's/^  "throughput" : \([0-9.Ee+-]*\),$/\1/p' "$json" | head -1)" \
    "$(sed -n 's/^  "operations" : \([0-9]*\),$/\1/p' "$json" | head -1)"
}

echo_part() {
  CLIENT_JAR=$(fresh_jar echo)
  build_go_echo
  local servers=() ports=() pids=() model variant name port workload
  if [[ -n "$GO_ECHO" ]]; then
    port=$(free_port)
    on_cpu 0
    "${ON_CPU[@]}" "$GO_ECHO" "$port" >"$WORK/goecho.log" 2>&1 &
    PIDS+=("$!"); pids+=("$!"); ports+=("$port"); servers+=("go io.Copy")
    wait_port "$port" 10 || die "the Go echo server did not listen: $(cat "$WORK/goecho.log")"
  fi
  for model in $ECHO_MODELS; do
    for variant in "${VARIANTS[@]}"; do
      name=$(label "$model" "$variant") port=$(free_port)
      # shellcheck disable=SC2046,SC2086 # JVM options are words
      start_java "$port" "$WORK/echo-$model-$variant.log" $ECHO_JVM_OPTS $(jfr_opts "echo $name") \
        -jar "$(jar_of echo "$variant")" server --model "$model" --host 127.0.0.1 --port "$port"
      PIDS+=("$JAVA_PID"); servers+=("$name"); ports+=("$port"); pids+=("$JAVA_PID")
    done
  done
  say ""
  say "== echo: our client (echo client --model virtual, CPU 1), $SIZE-byte messages =="
  local i clients messages rate ops before after t0 load
  for i in "${!servers[@]}"; do echo_client "${ports[$i]}" 100 2000 >/dev/null; done   # warm-up, not measured
  printf '%-5s %-18s %-11s %10s %9s %6s   %s\n' round server "clients x m" msg/s us/msg "busy" "load average before"
  for round in $(seq 1 "$ROUNDS"); do
    for workload in $ECHO_WORKLOADS; do
      clients=${workload%x*} messages=${workload#*x}
      for i in "${!servers[@]}"; do
        load=$(load_avg) before=$(cpu_ticks "${pids[$i]}") t0=$(date +%s%N)
        read -r rate ops < <(echo_client "${ports[$i]}" "$clients" "$messages")
        after=$(cpu_ticks "${pids[$i]}")
        # busy: the server's CPU time over the client's timed work (operations / msg/s), in % of its one CPU
        read -r us busy < <(awk -v t=$((after - before)) -v hz="$HZ" -v n="$ops" -v r="$rate" \
          'BEGIN { printf "%.2f %.0f%%\n", t / hz * 1e6 / n, t / hz / (n / r) * 100 }')
        printf '%-5s %-18s %-11s %10.0f %9s %6s   %s\n' "$round" "${servers[$i]}" "$workload" "$rate" "$us" "$busy" "$load"
        result "echo|${servers[$i]}|$workload|$rate|$us|$round"
      done
    done
  done
  for i in "${!pids[@]}"; do stop "${pids[$i]}"; done

  say ""
  say "echo medians (x go = our msg/s / Go's msg/s; CPU x go = our us/msg / Go's us/msg):"
  printf '%-18s %-11s | %10s %9s | %6s %8s\n' server "clients x m" msg/s us/msg "x go" "CPU x go"
  for workload in $ECHO_WORKLOADS; do
    local grate gus
    grate=$(median_of echo "go io.Copy" "$workload" 4) gus=$(median_of echo "go io.Copy" "$workload" 5)
    for name in "${servers[@]}"; do
      local r u
      r=$(median_of echo "$name" "$workload" 4) u=$(median_of echo "$name" "$workload" 5)
      printf '%-18s %-11s | %10.0f %9s | %6s %8s\n' "$name" "$workload" "$r" "$u" "$(ratio "$r" "$grate")" \
        "$(ratio "$u" "$gus")"
    done
  done
  say ""
  say "echo targets (this build): the virtual server at least as fast as Go's io.Copy server. msg/s is what the"
  say "client reached; when the server's CPU is not saturated (busy well below 100%) the client set the pace, and"
  say "the server's CPU per message (messages it could echo per CPU second) is the comparison that holds:"
  [[ -n "$GO_ECHO" ]] || return 0
  for model in virtual event-loop; do
    [[ " $ECHO_MODELS " == *" $model "* ]] || continue
    for workload in $ECHO_WORKLOADS; do
      local rr cr
      rr=$(ratio "$(median_of echo "$model" "$workload" 4)" "$(median_of echo "go io.Copy" "$workload" 4)")
      cr=$(ratio "$(median_of echo "$model" "$workload" 5)" "$(median_of echo "go io.Copy" "$workload" 5)")
      say "  $(verdict "$cr" 1.0)  $model $workload: CPU per message <= Go's: ${cr}x" \
        "($(round_ratios echo "$model" "$workload" 5 "go io.Copy"))"
      # msg/s at least Go's: the verdict helper passes a value <= its limit, so it is given Go's / ours
      say "  $(verdict "$(ratio "$(median_of echo "go io.Copy" "$workload" 4)" "$(median_of echo "$model" "$workload" 4)")" 1.0)" \
        "$model $workload: msg/s >= Go's: ${rr}x ($(round_ratios echo "$model" "$workload" 4 "go io.Copy"))"
    done
  done
}

# --- idle ---------------------------------------------------------------------------------------------------------
# Holds N connections to 127.0.0.1:PORT, each after echoing one byte; prints "held N" and waits for stdin to close.
HOLDER='
import socket, sys
port, n = int(sys.argv[1]), int(sys.argv[2])
held = []
for i in range(n):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(b"x")
    if s.recv(1) != b"x":
        sys.exit("connection %d: no echo" % i)
    held.append(s)
print("held", len(held), flush=True)
sys.stdin.read()
'

rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }
full_gc() { "$(dirname "$JAVA")/jcmd" "$1" GC.run >/dev/null 2>&1 || true; sleep 1; }

idle_part() {
  say ""
  say "== idle: $IDLE_CONNECTIONS connections to a fresh echo server of each of: $IDLE_MODELS; one 1-byte echo each, then held =="
  local needed=$((IDLE_CONNECTIONS + 1000))
  if (( $(ulimit -n) < needed )); then
    ulimit -n "$needed" 2>/dev/null || { say "(open files limit $(ulimit -n) < $needed: idle part skipped)"; return 0; }
  fi
  printf '%-18s %12s %12s %12s   %s\n' server "RSS before" "RSS held" "KiB/conn" "load average"
  local model variant name port before held kib holder
  for model in $IDLE_MODELS; do
  for variant in "${VARIANTS[@]}"; do
    name=$(label "$model" "$variant") port=$(free_port)
    # shellcheck disable=SC2086 # JVM options are words
    start_java "$port" "$WORK/idle-$model-$variant.log" $ECHO_JVM_OPTS -jar "$(jar_of echo "$variant")" server \
      --model "$model" --host 127.0.0.1 --port "$port"
    PIDS+=("$JAVA_PID")
    full_gc "$JAVA_PID"; before=$(rss_kib "$JAVA_PID")
    mkfifo "$WORK/hold-in-$model-$variant"
    python3 -c "$HOLDER" "$port" "$IDLE_CONNECTIONS" <"$WORK/hold-in-$model-$variant" >"$WORK/hold-out" 2>&1 &
    holder=$!; PIDS+=("$holder")
    exec {hold}>"$WORK/hold-in-$model-$variant"
    local deadline=$((SECONDS + 120))
    until grep -q '^held' "$WORK/hold-out"; do
      kill -0 "$holder" 2>/dev/null || die "holding connections failed: $(cat "$WORK/hold-out")"
      (( SECONDS < deadline )) || die "$IDLE_CONNECTIONS connections not held within 120 s"
      sleep 0.2
    done
    full_gc "$JAVA_PID"; held=$(rss_kib "$JAVA_PID")
    kib=$(awk -v a="$before" -v b="$held" -v n="$IDLE_CONNECTIONS" 'BEGIN { printf "%.1f", (b - a) / n }')
    printf '%-18s %9s KiB %9s KiB %12s   %s\n' "$name" "$before" "$held" "$kib" "$(load_avg)"
    [[ -z "$variant" && "$model" == virtual ]] \
      && say "  $(verdict "$kib" 8)  virtual echo server: RSS per idle connection <= 8 KiB: $kib KiB"
    result "idle|$name|$IDLE_CONNECTIONS|$kib|1"
    exec {hold}>&-
    stop "$holder"; stop "$JAVA_PID"
  done
  done
  [[ " $IDLE_MODELS " == *" event-loop "* ]] || return 0
  local lowest
  lowest=$(awk -F'|' '$1 == "idle" && $2 !~ / \(/ {print $4, $2}' "$RESULTS" | sort -g | head -1)
  say "  lowest RSS per idle connection: ${lowest#* } (${lowest%% *} KiB); the event loop should be the lowest"
}

for part in $PARTS; do
  case "$part" in
    http) http_part ;;
    conditional) conditional_part ;;
    echo) echo_part ;;
    idle) idle_part ;;
    *) die "unknown part '$part' (http, conditional, echo, idle)" ;;
  esac
done
say ""
say "load average at the end: $(load_avg)"
