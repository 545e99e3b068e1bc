#!/usr/bin/env bash
# Docker Compose v2 (the `docker compose` plugin), which docker-compose.yml needs (2.24 or newer:
# its optional env_file). Debian's docker-compose is 1.29 and Docker's own packages come from
# a host this machine cannot reach, so Compose is built here from its Go module, once.
#
#   scripts/docker-compose.sh install   builds it into ~/.docker/cli-plugins when `docker
#                                       compose` is missing or older than 2.24 (a few minutes)
set -euo pipefail
version="v2.40.3"
plugin="${DOCKER_CONFIG:-$HOME/.docker}/cli-plugins/docker-compose"

say() { echo "docker-compose: $*" >&2; }

recent() {
  local have
  have="$(docker compose version --short 2>/dev/null || true)"
  [[ -n "$have" ]] && printf '2.24.0\n%s\n' "${have#v}" | sort -V -C
}

case "${1:-}" in
  install)
    if recent; then exit 0; fi
    command -v go >/dev/null || { say "Go is needed to build Compose $version"; exit 1; }
    say "building Docker Compose $version from its Go module"
    # built inside the module itself, so that its go.mod (replace and exclude directives) holds
    dir="$(GOFLAGS=-mod=mod go mod download -json "github.com/docker/compose/v2@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
    [[ -d "$dir" ]] || { say "cannot download github.com/docker/compose/v2@$version"; exit 1; }
    mkdir -p "$(dirname "$plugin")"
    (cd "$dir" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X github.com/docker/compose/v2/internal.Version=$version" -o "$plugin" ./cmd)
    say "installed $(docker compose version)"
    ;;
  *) say "usage: $0 install"; exit 1 ;;
esac
