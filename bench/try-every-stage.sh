#!/usr/bin/env bash
# Tries every HTTP server model as a new user would: curl -i, then ab -k -n 20000 -c 10 and wrk -t1 -c50 -d5s on
# /ping, /data.json and /files/index.html. Prints one line per model and path with the request rate, failures and
# non-2xx counts. Needs curl, ab (apache2-utils) and wrk; installs the missing ones with apt-get, saying so first.
# Usage: bench/try-every-stage.sh [model ...]     (default: single platform pool virtual virtual+cache-content, each
#        on a free port; a model is a `serve --model` word, +cache-content for content served from memory)
#        JAVA=/path/to/java (JDK >= 21)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPT_NAME=try-every-stage
# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"
one_server_at_a_time

need_tools "curl, ab and wrk are the clients a user would try first" \
  curl=curl ab=apache2-utils wrk=wrk python3=python3
JAVA="$(find_java)"
JAR="$(fresh_jar http-server)"
MODELS=("$@"); [ ${#MODELS[@]} -gt 0 ] || MODELS=(single platform pool virtual virtual+cache-content)
for model in "${MODELS[@]}"; do
  log="$WORK/$model.log"
  start_model "$model" "$log" -Xms512m -Xmx512m
  port=$PORT
  # the server prints its line right after it binds; the port may answer a moment before the line is in the file
  for _ in $(seq 1 50); do grep -q '^listening on' "$log" && break; sleep 0.1; done
  say "== $model: $(grep -m1 '^listening on' "$log" || echo "(no 'listening on' line in its output)")"
  curl -s -i "http://127.0.0.1:$port/ping" | head -1 | tr -d '\r'
  for path in /ping /data.json /files/index.html; do
    url="http://127.0.0.1:$port$path"
    ab_out=$(ab -q -k -n 20000 -c 10 "$url" 2>&1 || true)
    ab_rate=$(sed -n 's/^Requests per second: *\([0-9.]*\).*/\1/p' <<<"$ab_out")
    ab_failed=$(sed -n 's/^Failed requests: *\([0-9]*\).*/\1/p' <<<"$ab_out")
    ab_non2xx=$(sed -n 's/^Non-2xx responses: *\([0-9]*\).*/\1/p' <<<"$ab_out")
    wrk_out=$(wrk -t1 -c50 -d5s "$url" 2>&1 || true)
    wrk_rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' <<<"$wrk_out")
    wrk_errors=$(sed -n 's/^ *Socket errors: *\(.*\)/\1/p' <<<"$wrk_out")
    wrk_non2xx=$(sed -n 's/^ *Non-2xx or 3xx responses: *\([0-9]*\).*/\1/p' <<<"$wrk_out")
    printf '%-21s %-18s ab: %9s req/s failed=%s non2xx=%s | wrk: %9s req/s errors=[%s] non2xx=%s\n' \
      "$model" "$path" "${ab_rate:-?}" "${ab_failed:-?}" "${ab_non2xx:-0}" "${wrk_rate:-?}" "${wrk_errors:-none}" "${wrk_non2xx:-0}"
  done
  stop_model
done
