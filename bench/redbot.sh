#!/usr/bin/env bash
# REDbot (the HTTP linter, PyPI package `redbot`) on every conformance model's static content: for each model it
# starts the server on a free port and checks /files/index.html and /data.json, printing one line per resource with
# whether REDbot's Validation and Partial Content sections appear (conditional and ranged requests it tried) and the
# summary of every note of severity "bad". REDbot is installed in a virtual environment under target/redbot-venv on
# the first run; without PyPI the script says so in one line and exits 0 (skipped).
# Usage: bench/redbot.sh [model ...]   (default: single platform pool virtual virtual+cache-content event-loop)
#        JAVA=/path/to/java (JDK >= 21)
# Exit status: 0 when every resource had both sections and no "bad" note (or when skipped), 1 otherwise.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPT_NAME=redbot
# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"
one_server_at_a_time

VENV="$ROOT/target/redbot-venv"
if [[ ! -x "$VENV/bin/python" ]] || ! "$VENV/bin/python" -c 'import redbot' 2>/dev/null; then
  need_tools "python3 makes the virtual environment REDbot is installed in" python3=python3
  mkdir -p "$ROOT/target"
  python3 -m venv "$VENV" >"$WORK/venv.log" 2>&1 || die "cannot make a virtual environment: $(tail -1 "$WORK/venv.log")"
  if ! "$VENV/bin/pip" install -q --disable-pip-version-check --timeout 20 redbot >"$WORK/pip.log" 2>&1; then
    say "redbot: skipped, REDbot could not be installed from PyPI ($(tail -1 "$WORK/pip.log"))"
    rm -rf "$VENV"
    exit 0
  fi
fi

# Checks one URL as REDbot's command line does, then prints its notes, one a line: category, level, summary.
cat >"$WORK/check.py" <<'PY'
import sys
from configparser import ConfigParser
import thor
from redbot.formatter import find_formatter
from redbot.resource import HttpResource

parser = ConfigParser()
parser.read_dict({"redbot": {"enable_local_access": "True"}})
config = parser["redbot"]
resource = HttpResource(config, descend=False)
resource.set_request(sys.argv[1])
formatter = find_formatter("txt", "text", False)(config, resource, lambda out: None,
                                                 {"tty_out": False, "descend": False})
formatter.bind_resource(resource)

@thor.events.on(formatter)
def formatter_done():
    thor.stop()

resource.check()
thor.run()
for note in resource.response.notes:
    for n in [note] + list(getattr(note, "subnotes", [])):
        print(f"{n.category.value}\t{n.level.value}\t{n.summary}")
PY

JAVA="$(find_java)"
JAR="$(fresh_jar http-server)"
MODELS=("$@"); [ ${#MODELS[@]} -gt 0 ] || MODELS=(single platform pool virtual virtual+cache-content event-loop)
failed=0
for model in "${MODELS[@]}"; do
  start_model "$model" "$WORK/$model.log" -Xms256m -Xmx256m
  for path in /files/index.html /data.json; do
    notes="$WORK/notes.txt"
    if ! "$VENV/bin/python" "$WORK/check.py" "http://127.0.0.1:$PORT$path" >"$notes" 2>"$WORK/check.err"; then
      printf '%-21s %-18s REDbot failed: %s\n' "$model" "$path" "$(tail -1 "$WORK/check.err")"
      failed=1
      continue
    fi
    validation=no ranges=no
    grep -q '^Validation	' "$notes" && validation=yes
    grep -q '^Partial Content	' "$notes" && ranges=yes
    bad=$(awk -F'\t' '$2 == "bad" { printf "%s%s", sep, $3; sep = "; " }' "$notes")
    printf '%-21s %-18s Validation=%s PartialContent=%s bad=[%s]\n' "$model" "$path" "$validation" "$ranges" "$bad"
    [[ $validation == yes && $ranges == yes && -z "$bad" ]] || failed=1
  done
  stop_model
done
exit "$failed"
