#!/usr/bin/env bash
# npm run test:clients: the service driven by clients that institutions already run, unchanged,
# each installed from its own registry (none of their code is in the repository):
#   OpenRefine 3.6 (Debian's `openrefine`, headless) reconciling a column of headings through
#   its command API (test/clients/openRefine.client.ts);
#   NatLibFi's skosmos-client (PyPI) against /rest/v1, called as its users call it by
#   test/clients/skosmosClient.py (test/clients/skosmos.client.ts);
#   cocoda-sdk's Skosmos provider (npm) against /rest/v1 and its ConceptApi provider against
#   /jskos, their JSKOS checked by jskos-validate (npm) (test/clients/cocoda.client.ts);
#   skosmos-client, and jskos-validate over /jskos, on every vocabulary of ../shared, on the
#   embedded store (test/clients/skosmosShared.client.ts, jskosShared.client.ts).
# On the embedded store, then on a private Virtuoso holding the same vocabulary (STW, from
# ../shared). Installs OpenRefine and Virtuoso when missing (as root); stops what it started,
# whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/vocabularies ]; then
  echo "test:clients needs ../shared/vocabularies beside the project" >&2
  exit 1
fi
npm run build --silent
work="$(mktemp -d -t skos-lookup-clients-XXXXXX)"
refine_pid=""
cleanup() {
  if [[ -n "$refine_pid" ]]; then kill -- "-$refine_pid" 2>/dev/null || true; fi
  scripts/virtuoso.sh stop || true
  rm -rf "$work"
}
trap cleanup EXIT

if ! command -v openrefine >/dev/null; then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends openrefine
fi
# skosmos-client, with the rdflib its `data` was written for: it parses Skosmos' RDF/XML without
# naming the format, which rdflib read as RDF/XML until 6.0 and as Turtle since (with rdflib 7
# that method fails against any Skosmos).
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check 'skosmos-client==0.3.0' 'rdflib==5.0.0'
export SKOSMOS_CLIENT_PYTHON="$work/venv/bin/python"
# cocoda-sdk and jskos-validate, in a folder of the run's own (not the project's dependencies).
mkdir -p "$work/npm"
echo '{"private": true}' >"$work/npm/package.json"
npm install --prefix "$work/npm" --no-audit --no-fund --silent 'cocoda-sdk@3.6.1' 'jskos-validate@1.2.3'
export COCODA_SDK_DIR="$work/npm"

port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
setsid openrefine -p "$port" -d "$work/openrefine" -x refine.headless=true -m 1024M run >"$work/openrefine.log" 2>&1 &
refine_pid=$!
export OPENREFINE_URL="http://127.0.0.1:$port"
for ((i = 0; i < 240; i++)); do
  if curl -sf "$OPENREFINE_URL/command/core/get-version" >/dev/null; then break; fi
  if ! kill -0 "$refine_pid" 2>/dev/null; then
    echo "OpenRefine stopped while starting:" >&2
    tail -n 20 "$work/openrefine.log" >&2
    exit 1
  fi
  sleep 0.5
done
curl -sf "$OPENREFINE_URL/command/core/get-version" >/dev/null || { echo "OpenRefine did not answer in 120 s" >&2; exit 1; }

jest() {
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --testMatch '**/test/clients/*.client.ts' "$@"
}
echo "== the clients, embedded store"
jest "$@"

export STW_GRAPH="urn:x-skos-lookup:stw"
scripts/virtuoso.sh start
VIRTUOSO_GRAPH="$STW_GRAPH" scripts/virtuoso.sh load ../shared/vocabularies/stw-9.06.ttl
for index in on off; do
  echo "== the clients, Virtuoso, LABEL_INDEX=$index"
  SPARQL_ENDPOINT="http://127.0.0.1:${VIRTUOSO_HTTP_PORT:-18890}/sparql" LABEL_INDEX="$index" jest "$@"
done
