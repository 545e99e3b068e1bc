#!/usr/bin/env bash
# A private Apache Jena (TDB2 storage, ARQ query engine: what Fuseki runs) for tests, CI and
# benchmarks, the twin of scripts/virtuoso.sh.
#
#   scripts/jena.sh start          a new, empty TDB2 dataset served over the SPARQL protocol
#                                  (installs Debian's Jena and a JDK first if missing; needs
#                                  root for that)
#   scripts/jena.sh load FILE...   bulk-loads RDF files (.ttl .nt .rdf .owl .xml .nq .trig,
#                                  optionally .gz) into the graph $JENA_GRAPH with Jena's own
#                                  loader (tdb2.tdbloader); the server is stopped meanwhile
#                                  (TDB2 lets one process at a time open a dataset) and
#                                  started again
#   scripts/jena.sh stop           stops the server, then waits for the process
#   scripts/jena.sh resume         starts the stopped server again, with its data
#   scripts/jena.sh status         says whether it runs; exit status 0 if it does, 3 if not
#   scripts/jena.sh run CLASS ARG...  runs one of Jena's command-line tools (tdb2.tdbloader,
#                                  tdb2.tdbquery, riot...) with the classpath above
#
# The server is scripts/jena/SparqlServer.java, a small stand-in for Fuseki's HTTP layer
# around ARQ and TDB2 (README, "Fuseki"), compiled here with javac against Debian's jars.
# Environment: JENA_DIR (default tmp/jena), JENA_HTTP_PORT (18892), JENA_GRAPH
# (urn:x-skos-lookup:data), JENA_TIMEOUT_MS (query timeout, 120000), JENA_HEAP (2g),
# JENA_START_SECONDS (60). It listens on 127.0.0.1 only.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${JENA_DIR:-$root/tmp/jena}"
port="${JENA_HTTP_PORT:-18892}"
graph="${JENA_GRAPH:-urn:x-skos-lookup:data}"
timeout_ms="${JENA_TIMEOUT_MS:-120000}"
heap="${JENA_HEAP:-2g}"
start_seconds="${JENA_START_SECONDS:-60}"
endpoint="http://127.0.0.1:$port/sparql"
java_dir=/usr/share/java

name=jena
pid_file="$dir/jena.pid"
source "$root/scripts/lib-store-process.sh"

install() {
  if [[ -f "$java_dir/jena-tdb2.jar" ]] && command -v javac >/dev/null; then return 0; fi
  [[ "$(id -u)" == 0 ]] || die "Debian's libapache-jena-java and default-jdk-headless are missing, and installing them needs root: sudo apt-get install libapache-jena-java default-jdk-headless"
  say "installing Debian's libapache-jena-java and default-jdk-headless"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends libapache-jena-java default-jdk-headless >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends libapache-jena-java default-jdk-headless >/dev/null; } ||
    die "cannot install libapache-jena-java and default-jdk-headless"
}

# The jars Jena needs, by name: all of /usr/share/java holds several slf4j bindings, and
# Jena then dies at start in slf4j. One binding, slf4j-simple, warnings and up.
classpath() {
  local jars=(
    jena-arq jena-base jena-cmds jena-core jena-dboe-base jena-dboe-index jena-dboe-storage jena-dboe-trans-data
    jena-dboe-transaction jena-iri jena-tdb2 jena-tdb jena-rdfconnection
    commons-cli commons-codec commons-compress commons-csv commons-io commons-lang3 dexx.collection gson guava
    httpclient httpcore jackson-annotations jackson-core jackson-databind jsonld-java jakarta.json-api protobuf
    thrift titanium-json-ld slf4j-api slf4j-simple jcl-over-slf4j
  )
  local path="$dir/xerces-messages.jar:$dir/classes" jar
  for jar in "${jars[@]}"; do
    [[ -f "$java_dir/$jar.jar" ]] || die "missing $java_dir/$jar.jar"
    path+=":$java_dir/$jar.jar"
  done
  echo "$path"
}

# Debian's jena-core.jar moved Jena's embedded Xerces classes to xerces.* but left their
# message files under org/apache/jena/ext/xerces/: without them where the classes look,
# Jena fails at start ("internal error" in XSSimpleTypeDecl.applyFacets1). A small jar
# holds copies of them under xerces/.
prepare() {
  install
  mkdir -p "$dir"
  if [[ ! -f "$dir/xerces-messages.jar" ]]; then
    local work="$dir/xerces-work"
    rm -rf "$work" && mkdir -p "$work/unpacked"
    (cd "$work/unpacked" && jar xf "$java_dir/jena-core.jar" org/apache/jena/ext/xerces)
    find "$work/unpacked" -name '*.properties' | while read -r file; do
      local relative="${file#"$work/unpacked/org/apache/jena/ext/"}"
      mkdir -p "$work/jar/$(dirname "$relative")"
      cp "$file" "$work/jar/$relative"
    done
    jar cf "$dir/xerces-messages.jar" -C "$work/jar" .
    rm -rf "$work"
  fi
  if [[ ! -f "$dir/classes/SparqlServer.class" || "$root/scripts/jena/SparqlServer.java" -nt "$dir/classes/SparqlServer.class" ]]; then
    mkdir -p "$dir/classes"
    javac -nowarn -d "$dir/classes" -cp "$(classpath)" "$root/scripts/jena/SparqlServer.java"
  fi
}

java_run() {
  java -Xmx"$heap" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$(classpath)" "$@"
}

start() {
  prepare
  if running; then say "an instance is running; stopping it for a new, empty one"; stop; fi
  rm -rf "$dir/tdb2"
  launch
}

launch() {
  (cd "$dir" && exec setsid java -Xmx"$heap" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$(classpath)" SparqlServer "$dir/tdb2" "$port" "$timeout_ms") >"$dir/server.log" 2>&1 </dev/null &
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
  if ((warnings > 0)); then say "$warnings warnings, kept as loaded; the first: $(grep -m 1 ' WARN ' "$dir/load.log" | sed 's/.* WARN [^ ]* - //') (all in $dir/load.log)"; fi
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
  *) die "usage: scripts/jena.sh start | load FILE... | stop | resume | status | run CLASS ARG..." ;;
esac
