# Sourced by scripts/virtuoso.sh and scripts/fuseki.sh: one private store process, known by the
# pid file $pid_file and answering SPARQL at $endpoint. The caller sets both, and `name`.

say() { echo "$name: $*" >&2; }
die() { say "$*"; exit 1; }

pid_of() { [[ -f "$pid_file" ]] && cat "$pid_file" || true; }
running() { local pid; pid="$(pid_of)"; [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; }

# Answers 0 when the SPARQL endpoint answers ASK {}.
answers() {
  node -e '
    fetch(process.argv[1] + "?query=" + encodeURIComponent("ASK {}"), { signal: AbortSignal.timeout(2000) })
      .then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));' "$endpoint"
}

# Waits (at most $1 seconds) until the process just started answers; on failure, kills it and
# stops with the end of the log files named after.
await_answers() {
  local seconds="$1" waited=0
  shift
  until answers; do
    if ! running; then die "it stopped while starting; its log ends with:"$'\n'"$(tail -n 20 "$@" 2>/dev/null)"; fi
    if ((waited >= seconds * 4)); then
      kill -KILL "$(pid_of)" 2>/dev/null || true
      die "no answer at $endpoint after ${seconds}s; its log ends with:"$'\n'"$(tail -n 20 "$@" 2>/dev/null)"
    fi
    sleep 0.25
    waited=$((waited + 1))
  done
  say "running (pid $(pid_of)), SPARQL at $endpoint"
}

# Asks the process to stop with the command given (it must make the process exit), waits up
# to 60 s, then kills it.
stop_with() {
  if ! running; then say "not running"; return 0; fi
  local pid; pid="$(pid_of)"
  "$@" || true
  for _ in $(seq 1 240); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
  if kill -0 "$pid" 2>/dev/null; then
    say "no exit after 60s; killing it"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$pid_file"
  say "stopped"
}

status_of() {
  if running; then say "running (pid $(pid_of)), SPARQL at $endpoint, graph <$graph>"; return 0; fi
  say "not running"
  return 3
}
