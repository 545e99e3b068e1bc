#!/usr/bin/env bash
# A private Docker engine for the project's container tests (npm run test:docker) and the
# replica benchmark, on a machine that has no running engine of its own.
#
#   scripts/docker-engine.sh start   installs Debian's docker.io, debootstrap and haproxy when
#                                    absent (as root), starts dockerd on its own socket and
#                                    data root, and waits until it answers
#   scripts/docker-engine.sh stop    stops that dockerd (its containers stop with it)
#   scripts/docker-engine.sh env     prints `export DOCKER_HOST=...` for `eval`
#
# The daemon leaves the machine's own network alone: --iptables=false and --ip-masq=false (no
# firewall rule, no NAT), its bridges on 10.213.0.0/16 and 10.214.0.0/16, where this machine
# has no address. Containers on one network reach each other by name, and ports published on
# 127.0.0.1 reach them from here; a container cannot reach beyond this machine, so image
# builds that install packages run with `--network host` (scripts/docker-base-images.sh).
# Environment: DOCKER_DATA_ROOT (default /var/lib/skos-lookup-docker),
# DOCKER_SOCKET (default /run/skos-lookup-docker.sock).
set -euo pipefail

data_root="${DOCKER_DATA_ROOT:-/var/lib/skos-lookup-docker}"
socket="${DOCKER_SOCKET:-/run/skos-lookup-docker.sock}"
exec_root="/run/skos-lookup-docker"
pid_file="$exec_root.pid"
log="$data_root.log"
export DOCKER_HOST="unix://$socket"

say() { echo "docker-engine: $*" >&2; }
die() { say "$*"; exit 1; }

install() {
  local missing=()
  command -v dockerd >/dev/null || missing+=(docker.io)
  command -v docker >/dev/null || missing+=(docker-cli)
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  command -v haproxy >/dev/null || missing+=(haproxy)
  ((${#missing[@]} == 0)) && return 0
  [[ "$(id -u)" == 0 ]] || die "missing ${missing[*]}, and installing them needs root"
  say "installing Debian's ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null; } ||
    die "cannot install ${missing[*]}"
}

answers() { docker version --format '{{.Server.Version}}' >/dev/null 2>&1; }

start() {
  install
  if answers; then say "already running at $DOCKER_HOST"; return 0; fi
  mkdir -p "$data_root"
  say "starting dockerd (data root $data_root, socket $socket, log $log)"
  # setsid: the daemon outlives this script; the caller stops it with `stop`
  setsid dockerd \
    --host "$DOCKER_HOST" --data-root "$data_root" --exec-root "$exec_root" --pidfile "$pid_file" \
    --iptables=false --ip-masq=false --bip 10.213.0.1/24 --default-address-pool base=10.214.0.0/16,size=24 \
    >"$log" 2>&1 </dev/null &
  for _ in $(seq 1 120); do
    if answers; then say "running: Docker $(docker version --format '{{.Server.Version}}')"; return 0; fi
    sleep 0.5
  done
  die "dockerd did not answer within 60 s; its log ends with:"$'\n'"$(tail -n 20 "$log")"
}

stop() {
  [[ -f "$pid_file" ]] || { say "not running"; return 0; }
  local pid; pid="$(cat "$pid_file")"
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 120); do kill -0 "$pid" 2>/dev/null || { say "stopped"; return 0; }; sleep 0.5; done
  kill -KILL "$pid" 2>/dev/null || true
  say "killed after 60 s"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  env) echo "export DOCKER_HOST=$DOCKER_HOST" ;;
  *) die "usage: $0 start|stop|env" ;;
esac
