#!/usr/bin/env bash
# npm run test:jena: Apache Jena (TDB2 storage, ARQ query engine: what Fuseki runs) behind the
# project's SPARQL protocol harness (scripts/jena.sh). The contract suite (test/http) with the
# label index off and on, the hostile suite's store path, then the relevance suite's Jena
# rows (not written to RELEVANCE.md: `npm run test:relevance` writes those; SKIP_RELEVANCE=1
# leaves them out), then the checks of docker-compose.yml. Jena is stopped
# afterwards, whatever happens; installs Debian's Jena and a JDK when missing (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
export JENA_GRAPH="urn:x-skos-lookup:data"
export JENA_ENDPOINT="http://127.0.0.1:${JENA_HTTP_PORT:-18892}/sparql"
trap 'scripts/jena.sh stop' EXIT
npm run build --silent
scripts/jena.sh start
scripts/jena.sh load data/sample-vocabulary.ttl
export ODDITIES_GRAPH="urn:x-skos-lookup:oddities"
JENA_GRAPH="$ODDITIES_GRAPH" scripts/jena.sh load test/fixtures/real-world-oddities.nt
jest() {
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js "$@"
}
for index in off on; do
  echo "== contract suite on Jena, LABEL_INDEX=$index"
  SPARQL_ENDPOINT="$JENA_ENDPOINT" SPARQL_GRAPH="$JENA_GRAPH" LABEL_INDEX="$index" jest test/http
done
echo "== hostile requests, Jena, LABEL_INDEX=off"
SPARQL_ENDPOINT="$JENA_ENDPOINT" SPARQL_GRAPH="$JENA_GRAPH" LABEL_INDEX=off jest --testMatch '**/test/hostile/*.ts'
scripts/jena.sh stop
# SKIP_RELEVANCE=1: CI, whose test:relevance has the same Jena rows on larger samples.
if [[ -z "${SKIP_RELEVANCE:-}" ]]; then
  echo "== relevance on Jena"
  node scripts/relevance.mjs --sample 100 --backends jena:generic,jena:generic:off@30
fi
echo "== docker-compose.yml, as far as it can be checked without Docker"
node scripts/check-compose.mjs
