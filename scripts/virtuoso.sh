#!/usr/bin/env bash
# A private Virtuoso for tests, CI, benchmarks and trying the service on a real store.
#
#   scripts/virtuoso.sh start          a new instance on an empty database (installs Debian's
#                                      Virtuoso first if it is missing; needs root for that)
#   scripts/virtuoso.sh load FILE...   bulk-loads RDF files (.ttl .nt .rdf .owl .xml .nq .trig,
#                                      optionally .gz) into the graph $VIRTUOSO_GRAPH, then
#                                      builds the full-text index over literals
#   scripts/virtuoso.sh stop           a clean shutdown (checkpoint), then waits for the process
#   scripts/virtuoso.sh resume         starts the stopped instance again, with its data
#   scripts/virtuoso.sh status         says whether it runs; exit status 0 if it does, 3 if not
#
# Environment: VIRTUOSO_DIR (default tmp/virtuoso), VIRTUOSO_HTTP_PORT (18890), VIRTUOSO_ISQL_PORT
# (11111), VIRTUOSO_GRAPH (urn:x-skos-lookup:data), VIRTUOSO_BUFFERS (8 KiB pages of cache,
# 170000 = 1.3 GiB), VIRTUOSO_START_SECONDS (60). It listens on 127.0.0.1 only, with the
# default dba/dba account: it is for this machine, not for a network.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${VIRTUOSO_DIR:-$root/tmp/virtuoso}"
http_port="${VIRTUOSO_HTTP_PORT:-18890}"
isql_port="${VIRTUOSO_ISQL_PORT:-11111}"
graph="${VIRTUOSO_GRAPH:-urn:x-skos-lookup:data}"
buffers="${VIRTUOSO_BUFFERS:-170000}"
start_seconds="${VIRTUOSO_START_SECONDS:-60}"
endpoint="http://127.0.0.1:$http_port/sparql"

name=virtuoso
pid_file="$dir/virtuoso.pid"
source "$root/scripts/lib-store-process.sh"

# Runs SQL through isql-vt and fails on any error: isql-vt itself exits 0 after SQL errors.
sql() {
  local out
  out="$(isql-vt "127.0.0.1:$isql_port" dba dba "exec=$1" 2>&1)" || die "isql-vt failed: $out"
  if grep -q -E '^\*\*\* Error|^Error [0-9A-Z]+:' <<<"$out"; then die "SQL failed: $1"$'\n'"$out"; fi
  printf '%s\n' "$out"
}

install() {
  command -v virtuoso-t >/dev/null && command -v isql-vt >/dev/null && return
  [[ "$(id -u)" == 0 ]] || die "virtuoso-t is not installed, and installing it needs root: apt-get install virtuoso-opensource-7-bin"
  say "installing Debian's virtuoso-opensource-7-bin"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends virtuoso-opensource-7-bin >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends virtuoso-opensource-7-bin >/dev/null; } ||
    die "apt-get could not install virtuoso-opensource-7-bin"
}

write_ini() {
  cat >"$dir/virtuoso.ini" <<INI
; Written by scripts/virtuoso.sh: a private, loopback-only instance.
[Database]
DatabaseFile       = $dir/virtuoso.db
ErrorLogFile       = $dir/virtuoso.log
LockFile           = $dir/virtuoso.lck
TransactionFile    = $dir/virtuoso.trx
xa_persistent_file = $dir/virtuoso.pxa
ErrorLogLevel      = 7
FileExtend         = 200
Striping           = 0
TempStorage        = TempDatabase

[TempDatabase]
DatabaseFile       = $dir/virtuoso-temp.db
TransactionFile    = $dir/virtuoso-temp.trx

[Parameters]
ServerPort         = 127.0.0.1:$isql_port
DisableUnixSocket  = 1
DirsAllowed        = ., $dir
NumberOfBuffers    = $buffers
MaxDirtyBuffers    = $((buffers * 3 / 4))
CheckpointInterval = 60
; ORDER BY ... LIMIT/OFFSET keeps this many rows at most; the contract pages down to 10,000.
MaxSortedTopRows   = 100000
MaxQueryMem        = 2G

[HTTPServer]
ServerPort           = 127.0.0.1:$http_port
ServerThreads        = 20
MaxClientConnections = 20
KeepAliveTimeout     = 10
MaxKeepAlives        = 20

[SPARQL]
; The packaged ini caps every result at 10,000 rows without saying so. Over HTTP, Virtuoso
; sends 2^20 rows at most whatever this says; the label index reads larger vocabularies in
; parts that fit (see queries/generic/labels.rq).
ResultSetMaxRows        = 1048576
; 0: no "anytime" answers, which would silently be partial; the service has its own timeout.
MaxQueryExecutionTime   = 0
MaxQueryCostEstimationTime = 0
INI
}

start() {
  install
  if running; then say "an instance is running; stopping it for a new, empty one"; stop; fi
  mkdir -p "$dir"
  rm -f "$dir"/virtuoso.db "$dir"/virtuoso.trx "$dir"/virtuoso.pxa "$dir"/virtuoso.lck "$dir"/virtuoso-temp.* "$dir"/virtuoso.log "$dir"/load/*
  write_ini
  launch
}
# Starts the instance stopped last, with the data it held (a store coming back after an outage).
resume() {
  if running; then say "already running"; return 0; fi
  [[ -f "$dir/virtuoso.ini" ]] || die "nothing to resume in $dir: use start"
  launch
}
launch() {
  # Its own session, so that it outlives the shell that started it, holding none of this
  # script's output (a caller that reads it to the end would wait for Virtuoso to exit).
  (cd "$dir" && exec setsid virtuoso-t -c "$dir/virtuoso.ini" +foreground) >"$dir/stdout.log" 2>&1 </dev/null &
  echo $! >"$pid_file"
  await_answers "$start_seconds" "$dir/virtuoso.log" "$dir/stdout.log"
}

load() {
  (($# > 0)) || die "load needs at least one file"
  running || die "not running; scripts/virtuoso.sh start first"
  mkdir -p "$dir/load"
  local file name
  for file in "$@"; do
    [[ -f "$file" ]] || die "no such file: $file"
    name="$(basename "$file")"
    # The bulk loader reads only from DirsAllowed: link (or copy) the file there.
    ln -f "$file" "$dir/load/$name" 2>/dev/null || cp -f "$file" "$dir/load/$name"
    sql "ld_dir('$dir/load', '$name', '$graph');" >/dev/null
  done
  local started=$SECONDS
  sql "rdf_loader_run();" >/dev/null
  sql "checkpoint;" >/dev/null
  local errors
  errors="$(sql "SELECT ll_file, ll_error FROM DB.DBA.load_list WHERE ll_error IS NOT NULL;")"
  if grep -q "$dir/load" <<<"$errors"; then die "loading failed:"$'\n'"$errors"; fi
  say "loaded $* into <$graph> in $((SECONDS - started))s; building the text index"
  started=$SECONDS
  sql "DB.DBA.RDF_OBJ_FT_RULE_ADD(null, null, 'index_local');" >/dev/null
  sql "DB.DBA.VT_INC_INDEX_DB_DBA_RDF_OBJ();" >/dev/null
  sql "checkpoint;" >/dev/null
  say "text index built in $((SECONDS - started))s"
}

# A clean shutdown (a checkpoint first); killed after 60 s, and the next start replays its log.
stop() {
  stop_with isql-vt "127.0.0.1:$isql_port" dba dba -K >/dev/null 2>&1
}

status() { status_of; }

case "${1:-}" in
  start) start ;;
  load) shift; load "$@" ;;
  stop) stop ;;
  resume) resume ;;
  status) status ;;
  *) die "usage: scripts/virtuoso.sh start | load FILE... | stop | resume | status" ;;
esac
