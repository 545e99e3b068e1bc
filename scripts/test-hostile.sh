#!/usr/bin/env bash
# npm run test:hostile: 10,000 generated hostile requests (test/hostile/) against the service
# on the embedded store (label index on and off), then on a private Virtuoso holding the
# sample vocabulary in the generic and the virtuoso dialects (store queries, no index). Each
# run prints one "hostile:" line with its figures. Virtuoso is stopped afterwards, whatever
# happens. HOSTILE_REQUESTS and HOSTILE_SEED change the number of requests and the seed;
# HOSTILE_SAVE=1 saves the four runs' figures as bench/results/hostile/ and writes
# docs/RELIABILITY.md's table from them.
set -euo pipefail
cd "$(dirname "$0")/.."
jest() {
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --testMatch '**/test/hostile/*.ts' "$@"
}
npm run build --silent
began="$(date +%s%3N)"
if [ "${HOSTILE_SAVE:-}" = 1 ]; then
  export HOSTILE_RESULTS="$PWD/tmp/hostile-rows.jsonl"
  mkdir -p tmp && rm -f "$HOSTILE_RESULTS"
fi
for index in on off; do
  echo "== hostile requests, embedded store, LABEL_INDEX=$index"
  LABEL_INDEX="$index" jest "$@"
done
source scripts/sample-virtuoso.sh
for dialect in generic virtuoso; do
  echo "== hostile requests, Virtuoso, SPARQL_DIALECT=$dialect LABEL_INDEX=off"
  SPARQL_ENDPOINT="$VIRTUOSO_ENDPOINT" SPARQL_GRAPH="$VIRTUOSO_GRAPH" SPARQL_DIALECT="$dialect" LABEL_INDEX=off jest "$@"
done
if [ "${HOSTILE_SAVE:-}" = 1 ]; then node bench/save-hostile-results.mjs "$HOSTILE_RESULTS" "$began"; fi
