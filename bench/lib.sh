# Shared by the bench/ scripts (source it after setting SCRIPT_NAME): messages, and finding a JDK >= 21 to run the
# jars with, whatever `java` is first on the PATH (17 on these machines).

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
