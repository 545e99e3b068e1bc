#!/usr/bin/env bash
# Makes, on this machine, the base images that the project's Dockerfile and the container
# tests name, where no image registry can be reached (npm run test:docker runs it first).
# On a machine with a registry none of this is needed: `docker build .` pulls
# node:20-bookworm-slim, and docker-compose.yml builds Fuseki from the Jena project's own
# Dockerfile. What is made here, each only when missing:
#
#   skos-lookup-base/debian:bookworm   Debian bookworm (minbase) from debootstrap, imported
#   node:20-bookworm-slim              that, with this machine's Node.js 20 and npm in
#                                      /usr/local, and the user `node` (uid 1000), as the
#                                      official image has them
#   skos-lookup-base/fuseki-jre:bookworm  Debian with its OpenJDK 17 JRE and wget: the base
#                                      of test/docker/fuseki/Dockerfile, which follows the
#                                      steps of Jena's jena-fuseki-docker Dockerfile
#
# This machine reaches the package registries through certificate authorities of its own
# (its system bundle): the node image gets that bundle as NODE_EXTRA_CA_CERTS, so that
# `npm ci` in a build can reach the registry, as it does here. That is part of the locally
# made base image only; the project's Dockerfile sets nothing of the kind.
# Environment: DOCKER_BASE_DIR (default tmp/docker: the debootstrap root, kept between runs).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${DOCKER_BASE_DIR:-$root/tmp/docker}"
eval "$("$root/scripts/docker-engine.sh" env)"
export DOCKER_BUILDKIT=0

say() { echo "docker-base-images: $*" >&2; }
have() { docker image inspect "$1" >/dev/null 2>&1; }

# The Debian mirror this machine's apt uses (deb822 or one-line sources).
mirror() {
  local found
  found="$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)"
  [[ -n "$found" ]] || found="$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)"
  [[ -n "$found" ]] || { say "no Debian mirror found in /etc/apt"; exit 1; }
  echo "$found"
}

if ! have skos-lookup-base/debian:bookworm; then
  rootfs="$work/bookworm"
  if [[ ! -f "$work/bookworm.complete" ]]; then
    rm -rf "$rootfs"
    mkdir -p "$work"
    say "debootstrap bookworm (minbase) into $rootfs"
    debootstrap --variant=minbase bookworm "$rootfs" "$(mirror)" >"$work/debootstrap.log" 2>&1 ||
      { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
    touch "$work/bookworm.complete"
  fi
  say "importing skos-lookup-base/debian:bookworm"
  # the packages debootstrap fetched are not part of the system: left out, as Debian's own images leave them
  tar -C "$rootfs" --exclude='./var/cache/apt/archives/*.deb' --exclude='./var/lib/apt/lists/*_Packages' -c . | docker import --change 'CMD ["bash"]' - skos-lookup-base/debian:bookworm >/dev/null
fi

if ! have node:20-bookworm-slim; then
  context="$(mktemp -d)"
  trap 'rm -rf "$context"' EXIT
  node_bin="$(readlink -f "$(command -v node)")"
  npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
  [[ "$("$node_bin" --version)" == v20.* ]] || { say "this machine's Node.js is $("$node_bin" --version), not 20"; exit 1; }
  mkdir -p "$context/usr/local/bin" "$context/usr/local/lib/node_modules"
  cp "$node_bin" "$context/usr/local/bin/node"
  cp -a "$npm_dir" "$context/usr/local/lib/node_modules/npm"
  cp /etc/ssl/certs/ca-certificates.crt "$context/ca-certificates.crt"
  cat >"$context/Dockerfile" <<'EOF'
FROM skos-lookup-base/debian:bookworm
COPY usr /usr
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=20 NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
EOF
  say "building node:20-bookworm-slim with Node.js $("$node_bin" --version)"
  docker build -q -t node:20-bookworm-slim "$context" >/dev/null
fi

if ! have skos-lookup-base/fuseki-jre:bookworm; then
  say "building skos-lookup-base/fuseki-jre:bookworm (Debian's openjdk-17-jre-headless)"
  docker build -q --network host -t skos-lookup-base/fuseki-jre:bookworm - >/dev/null <<'EOF'
FROM skos-lookup-base/debian:bookworm
RUN apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends openjdk-17-jre-headless wget \
 && rm -rf /var/lib/apt/lists/*
EOF
fi
say "base images ready: $(docker images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E '^(node:20|skos-lookup-base/)' | tr '\n' ';')"
