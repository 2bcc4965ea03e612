#!/usr/bin/env bash
# Installs what the namespace lab (io.loomarena.harness.remote.lab.NetnsLab) needs beyond iproute2: an sshd to run
# inside each namespace and nc for the ssh ProxyCommand that enters the server namespace. Only missing packages are
# installed, with Debian's apt-get, as root. The system's own ssh service is never started nor left enabled: the lab
# runs private sshd processes with their own configuration, and a listening sshd on the machine's real addresses is
# exactly what it must not leave behind.
set -euo pipefail

if [[ $(id -u) -ne 0 ]]; then
    echo "install-prerequisites.sh: must run as root (apt-get install)" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null; then
    echo "install-prerequisites.sh: apt-get not found: install openssh-server, openssh-client and netcat-openbsd by hand" >&2
    exit 1
fi

packages=()
reasons=()
if [[ ! -x /usr/sbin/sshd ]]; then
    packages+=(openssh-server); reasons+=("openssh-server: the sshd each lab host runs")
fi
if ! command -v ssh >/dev/null || ! command -v scp >/dev/null || ! command -v ssh-keygen >/dev/null; then
    packages+=(openssh-client); reasons+=("openssh-client: ssh, scp and ssh-keygen for the harness and the test")
fi
if ! command -v nc >/dev/null; then
    packages+=(netcat-openbsd); reasons+=("netcat-openbsd: nc, the ssh ProxyCommand into the server namespace")
fi
if [[ ${#packages[@]} -eq 0 ]]; then
    echo "install-prerequisites.sh: nothing to install"
    exit 0
fi

echo "install-prerequisites.sh: installing ${packages[*]} for the namespace lab:"
printf 'install-prerequisites.sh:   %s\n' "${reasons[@]}"

# Debian starts a freshly installed service through invoke-rc.d unless policy-rc.d says no (exit 101). A policy
# that is already there (container images ship one) is left alone; ours is removed again on every exit.
own_policy=false
if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\n# Written by loom-arena install-prerequisites.sh while it installs; removed when it ends.\nexit 101\n' \
        > /usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    own_policy=true
fi
remove_policy() {
    if [[ $own_policy == true ]]; then rm -f /usr/sbin/policy-rc.d; fi
}
trap remove_policy EXIT

export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends "${packages[@]}"; then
    echo "install-prerequisites.sh: apt-get install failed; trying once more after apt-get update" >&2
    apt-get update
    apt-get install -y --no-install-recommends "${packages[@]}"
fi

# Installing enables the service for the next boot (and, on systemd, may have started its socket): undo both.
if [[ " ${packages[*]} " == *" openssh-server "* ]]; then
    if [[ -d /run/systemd/system ]] && command -v systemctl >/dev/null; then
        echo "install-prerequisites.sh: disabling the system's ssh service (the lab runs its own sshd processes)"
        systemctl disable --now ssh.service ssh.socket 2>/dev/null || true
    elif command -v update-rc.d >/dev/null; then
        echo "install-prerequisites.sh: disabling the system's ssh service at boot (the lab runs its own sshd processes)"
        update-rc.d ssh disable >/dev/null 2>&1 || true
    fi
fi

# The check that matters: no sshd listens in this (the root) network namespace after the install.
if command -v ss >/dev/null && ss -Hltnp 2>/dev/null | grep -q '"sshd"'; then
    echo "install-prerequisites.sh: an sshd listens in the root network namespace after the install:" >&2
    ss -Hltnp | grep '"sshd"' >&2
    echo "stop it (systemctl stop ssh / service ssh stop) before using the lab" >&2
    exit 1
fi
echo "install-prerequisites.sh: done; no sshd listens in the root network namespace"
