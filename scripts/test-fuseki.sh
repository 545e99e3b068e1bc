#!/usr/bin/env bash
# npm run test:fuseki: Apache Jena Fuseki 5.6.0 (TDB2), fetched from Maven Central and run by
# scripts/fuseki.sh with its own command line. The contract suite (test/http) with the label
# index off and on, the hostile suite's store path, Fuseki's own query time limit, a Fuseki
# that starts 10 s after the service, then the relevance suite's Fuseki rows (not written to
# RELEVANCE.md: `npm run test:relevance` writes those; SKIP_RELEVANCE=1 leaves them out).
# Fuseki is stopped afterwards, whatever
# happens; installs Maven and a JRE when missing (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
export FUSEKI_GRAPH="urn:x-skos-lookup:data"
export FUSEKI_ENDPOINT="http://127.0.0.1:${FUSEKI_HTTP_PORT:-18892}/ds/sparql"
trap 'scripts/fuseki.sh stop' EXIT
npm run build --silent
scripts/fuseki.sh start
scripts/fuseki.sh load data/sample-vocabulary.ttl
export ODDITIES_GRAPH="urn:x-skos-lookup:oddities"
FUSEKI_GRAPH="$ODDITIES_GRAPH" scripts/fuseki.sh load test/fixtures/real-world-oddities.nt
export HIERARCHY_GRAPH="urn:x-skos-lookup:hierarchy"
FUSEKI_GRAPH="$HIERARCHY_GRAPH" scripts/fuseki.sh load test/fixtures/hierarchy.ttl
export SCHEME_TITLES_GRAPH="urn:x-skos-lookup:scheme-titles"
FUSEKI_GRAPH="$SCHEME_TITLES_GRAPH" scripts/fuseki.sh load test/fixtures/scheme-titles.ttl
export CHANGES_GRAPH="urn:x-skos-lookup:changes"
FUSEKI_GRAPH="$CHANGES_GRAPH" scripts/fuseki.sh load test/fixtures/changes.ttl
jest() {
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js "$@"
}
for index in off on; do
  echo "== contract suite on Fuseki, LABEL_INDEX=$index"
  SPARQL_ENDPOINT="$FUSEKI_ENDPOINT" SPARQL_GRAPH="$FUSEKI_GRAPH" LABEL_INDEX="$index" jest test/http
done
echo "== hostile requests, Fuseki, LABEL_INDEX=off"
SPARQL_ENDPOINT="$FUSEKI_ENDPOINT" SPARQL_GRAPH="$FUSEKI_GRAPH" LABEL_INDEX=off jest --testMatch '**/test/hostile/*.ts'
scripts/fuseki.sh stop
echo "== Fuseki's own query time limit (--timeout of 1 ms): a 504 that says so"
FUSEKI_TIMEOUT_MS=1 scripts/fuseki.sh resume
SPARQL_ENDPOINT="$FUSEKI_ENDPOINT" SPARQL_GRAPH="$FUSEKI_GRAPH" jest --testMatch '**/test/fuseki/*.fuseki.ts'
scripts/fuseki.sh stop
echo "== a store that comes late: the service started first, Fuseki 10 s after it"
SPARQL_ENDPOINT="$FUSEKI_ENDPOINT" SPARQL_GRAPH="$FUSEKI_GRAPH" jest --testMatch '**/test/lateStore/*.late.ts'
scripts/fuseki.sh stop
# SKIP_RELEVANCE=1: CI, whose test:relevance has the same Fuseki rows on larger samples.
if [[ -z "${SKIP_RELEVANCE:-}" ]]; then
  echo "== relevance on Fuseki"
  node scripts/relevance.mjs --sample 100 --backends fuseki:generic,fuseki:generic:off@30
fi
