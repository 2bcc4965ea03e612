#!/usr/bin/env bash
# Tries every HTTP server stage as a new user would: curl -i, then ab -k -n 20000 -c 10 and wrk -t1 -c50 -d5s on
# /ping, /data.json and /files/index.html. Prints one line per stage and path with the request rate, failures and
# non-2xx counts. Needs curl, ab (apache2-utils) and wrk; installs them with apt-get when missing (as root).
# Usage: bench/try-every-stage.sh [stage ...]     (default: all five stages; a free port unless PORT is set)
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/temurin-2[1-9]*/bin/java /usr/lib/jvm/*-2[1-9]*/bin/java 2>/dev/null | head -1)}
JAVA=${JAVA:-java}
JAR=http-server/target/http-server.jar
[ -f "$JAR" ] || ./mvnw -q -B -pl http-server -am package -DskipTests
for tool in curl ab wrk; do
  command -v "$tool" >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq curl apache2-utils wrk >/dev/null; }
done
STAGES=("$@"); [ ${#STAGES[@]} -gt 0 ] || STAGES=(single-threaded thread-per-request thread-pool virtual virtual-cached)
for stage in "${STAGES[@]}"; do
  "$JAVA" -Xms512m -Xmx512m -jar "$JAR" serve --stage "$stage" --port "${PORT:-0}" > /tmp/try-$stage.log 2>&1 &
  pid=$!
  trap 'kill $pid 2>/dev/null || true' EXIT
  for _ in $(seq 1 50); do grep -q "^listening on" /tmp/try-$stage.log 2>/dev/null && break; sleep 0.1; done
  port=$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' /tmp/try-$stage.log)
  echo "== $stage: $(head -1 /tmp/try-$stage.log)"
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
    printf '%-19s %-18s ab: %9s req/s failed=%s non2xx=%s | wrk: %9s req/s errors=[%s] non2xx=%s\n' \
      "$stage" "$path" "${ab_rate:-?}" "${ab_failed:-?}" "${ab_non2xx:-0}" "${wrk_rate:-?}" "${wrk_errors:-none}" "${wrk_non2xx:-0}"
  done
  kill -TERM $pid; wait $pid 2>/dev/null || true
  trap - EXIT
done
