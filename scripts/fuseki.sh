#!/usr/bin/env bash
# A private Apache Jena Fuseki (5.6.0, TDB2 storage) for tests, CI and benchmarks, the twin of
# scripts/virtuoso.sh.
#
#   scripts/fuseki.sh start          a new, empty TDB2 dataset served by Fuseki at /ds
#                                    (fetches Fuseki with Maven first if missing, and installs
#                                    Maven and a JRE when absent, as root)
#   scripts/fuseki.sh load FILE...   bulk-loads RDF files (.ttl .nt .rdf .owl .xml .nq .trig
#                                    .jsonld, optionally .gz) into the graph $FUSEKI_GRAPH
#                                    with TDB2's loader of the same Jena version
#                                    (tdb2.tdbloader); the server is stopped meanwhile (TDB2
#                                    lets one process at a time open a dataset) and started again
#   scripts/fuseki.sh stop           stops the server, then waits for the process
#   scripts/fuseki.sh resume         starts the stopped server again, with its data
#   scripts/fuseki.sh status         says whether it runs; exit status 0 if it does, 3 if not
#   scripts/fuseki.sh run CLASS ARG...  runs one of Jena's command-line tools (tdb2.tdbloader,
#                                    tdb2.tdbquery, riot...) from Fuseki's jar
#   scripts/fuseki.sh jar            fetches Fuseki if missing and prints its jar's path
#
# The server is Fuseki's own jar and command line, as the Jena project's Docker image runs it
# (`java -jar jena-fuseki-server-VERSION.jar ARGS`): --tdb2 --loc=DIR --port=PORT --localhost
# --timeout=MS /ds. The jar comes from Maven Central (scripts/fuseki/pom.xml pins the
# version) into $FUSEKI_DIR/lib.
# Environment: FUSEKI_DIR (default tmp/fuseki), FUSEKI_HTTP_PORT (18892), FUSEKI_GRAPH
# (urn:x-skos-lookup:data), FUSEKI_TIMEOUT_MS (query timeout, 120000), FUSEKI_HEAP (2g),
# FUSEKI_START_SECONDS (60). It listens on 127.0.0.1 only; SPARQL at
# http://127.0.0.1:$FUSEKI_HTTP_PORT/ds/sparql.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${FUSEKI_DIR:-$root/tmp/fuseki}"
port="${FUSEKI_HTTP_PORT:-18892}"
graph="${FUSEKI_GRAPH:-urn:x-skos-lookup:data}"
timeout_ms="${FUSEKI_TIMEOUT_MS:-120000}"
heap="${FUSEKI_HEAP:-2g}"
start_seconds="${FUSEKI_START_SECONDS:-60}"
endpoint="http://127.0.0.1:$port/ds/sparql"
pom="$root/scripts/fuseki/pom.xml"
version="$(sed -n 's:.*<jena.version>\(.*\)</jena.version>.*:\1:p' "$pom")"
jar="$dir/lib/jena-fuseki-server-$version.jar"

name=fuseki
pid_file="$dir/fuseki.pid"
source "$root/scripts/lib-store-process.sh"

install() {
  if command -v mvn >/dev/null && command -v java >/dev/null; then return 0; fi
  [[ "$(id -u)" == 0 ]] || die "Maven or Java is missing, and installing them needs root: sudo apt-get install maven default-jre-headless"
  say "installing Debian's maven and default-jre-headless"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends maven default-jre-headless >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends maven default-jre-headless >/dev/null; } ||
    die "cannot install maven and default-jre-headless"
}

# Fuseki's jars and Jena's tools, fetched once for the versions the pom names (again when it changes).
prepare() {
  install
  mkdir -p "$dir"
  if [[ ! -f "$dir/lib/.fetched" || "$pom" -nt "$dir/lib/.fetched" ]]; then
    say "fetching Fuseki $version with Maven"
    rm -rf "$dir/lib"
    mvn -q -B -f "$pom" dependency:copy-dependencies -DexcludeTransitive=true -DoutputDirectory="$dir/lib" >"$dir/maven.log" 2>&1 ||
      die "Maven could not fetch Fuseki:"$'\n'"$(tail -n 20 "$dir/maven.log")"
    touch "$dir/lib/.fetched"
  fi
}

java_run() {
  java -Xmx"$heap" -cp "$jar" "$@"
}

start() {
  prepare
  if running; then say "an instance is running; stopping it for a new, empty one"; stop; fi
  rm -rf "$dir/tdb2" && mkdir -p "$dir/tdb2" # Fuseki makes a dataset in an empty folder, not without one
  launch
}

launch() {
  (cd "$dir" && exec setsid java -Xmx"$heap" -jar "$jar" --tdb2 --loc="$dir/tdb2" --port="$port" --localhost --timeout="$timeout_ms" /ds) \
    >"$dir/server.log" 2>&1 </dev/null &
  echo $! >"$pid_file"
  await_answers "$start_seconds" "$dir/server.log"
}

load() {
  (($# > 0)) || die "load needs at least one file"
  prepare
  local file
  for file in "$@"; do [[ -f "$file" ]] || die "no such file: $file"; done
  local was_running=false
  if running; then was_running=true; stop; fi
  local started=$SECONDS
  java_run tdb2.tdbloader --loc "$dir/tdb2" --graph "$graph" "$@" >"$dir/load.log" 2>&1 ||
    die "loading failed:"$'\n'"$(tail -n 20 "$dir/load.log")"
  say "loaded $* into <$graph> in $((SECONDS - started))s"
  # Jena keeps what its grammar allows but warns (an IRI with U+FFFD, a bad language tag)
  local warnings; warnings="$(grep -c ' WARN ' "$dir/load.log" || true)"
  if ((warnings > 0)); then say "$warnings warnings, kept as loaded; the first: $(grep -m 1 ' WARN ' "$dir/load.log" | sed 's/.* WARN *[^ ]* *//') (all in $dir/load.log)"; fi
  if $was_running; then launch; fi
}

stop() {
  stop_with kill -TERM "$(pid_of)"
}

status() { status_of; }

case "${1:-}" in
  start) start ;;
  load) shift; load "$@" ;;
  stop) stop ;;
  resume) prepare; if running; then say "already running"; else launch; fi ;;
  status) status ;;
  run) shift; prepare; java_run "$@" ;;
  jar) prepare; echo "$jar" ;;
  *) die "usage: scripts/fuseki.sh start | load FILE... | stop | resume | status | run CLASS ARG... | jar" ;;
esac
