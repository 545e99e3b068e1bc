#!/usr/bin/env bash
# Runs the README's start command as a new user would, asks the curl examples, checks the
# answers, and stops the service. Used by CI; needs curl.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${SMOKE_PORT:-3000}"
log="$(mktemp)"
# its own process group, so that npm, its shell and node all stop together
PORT="$port" setsid npm start >"$log" 2>&1 &
pid=$!
trap 'kill -TERM -- "-$pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do
  if curl -fs "http://127.0.0.1:$port/suggest?q=te" >/dev/null 2>&1; then break; fi
  sleep 0.5
done
check() { # path, text the body must contain
  local body
  body="$(curl -s "http://127.0.0.1:$port$1")"
  if [[ "$body" != *"$2"* ]]; then echo "smoke: $1 did not answer with $2: $body"; cat "$log"; exit 1; fi
  echo "smoke: $1 ok"
}
check '/get?uri=https://example.org/food/tea&uri=https://example.org/food/cheese' '"prefLabel":"Tea"'
check '/search?q=creme%20brulee' '"prefLabel":"Crème brûlée"'
check '/suggest?q=kartof&lang=de' '"prefLabel":"Kartoffel"'
check '/search' '"status":400'
check '/' '<concept-field'
check '/concept-field.js' 'customElements.define("concept-field"'
check '/openapi.json' '"openapi":"3.1.0"'
echo "smoke: 7 passed, 0 failed"
