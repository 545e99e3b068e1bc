#!/usr/bin/env bash
# npm run test:virtuoso: the contract suite (test/http) against a private Virtuoso holding the
# sample vocabulary, per dialect and with the label index on and off, with the very same
# tests and expectations as on the embedded store, and the reconciliation schema suite
# (test/reconcile, when ../shared is beside the project), then a vocabulary edited in the store.
# Virtuoso is stopped afterwards, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sample-virtuoso.sh
npm run build --silent
# Without the label index, each dialect's own queries match and rank; with it, the index is
# built from Virtuoso and only details come from the store's queries.
for run in generic:off virtuoso:off generic:on; do
  dialect="${run%:*}" index="${run#*:}"
  echo "== contract suite on Virtuoso, SPARQL_DIALECT=$dialect LABEL_INDEX=$index"
  SPARQL_ENDPOINT="$VIRTUOSO_ENDPOINT" SPARQL_GRAPH="$VIRTUOSO_GRAPH" SPARQL_DIALECT="$dialect" LABEL_INDEX="$index" \
    node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js test/http "$@"
  # every answer of /reconcile against the reconciliation API's schemas (needs ../shared)
  if [ -d ../shared/reconciliation ]; then
    SPARQL_ENDPOINT="$VIRTUOSO_ENDPOINT" SPARQL_GRAPH="$VIRTUOSO_GRAPH" SPARQL_DIALECT="$dialect" LABEL_INDEX="$index" \
      node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --testMatch '**/test/reconcile/*.shared.ts' "$@"
  fi
done
# A vocabulary edited in Virtuoso (a graph of the test's own, through isql) reaches every answer
# asked before the edit, on SIGHUP and on the periodic check, with the label index and without.
echo "== a vocabulary change on Virtuoso"
CHANGE_STORE=virtuoso SPARQL_ENDPOINT="$VIRTUOSO_ENDPOINT" \
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js test/change "$@"

