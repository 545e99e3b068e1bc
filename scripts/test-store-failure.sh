#!/usr/bin/env bash
# npm run test:store-failure: the service under load while its Virtuoso is stopped and resumed
# (test/storeFailure/). Prints one "store-failure:" line with the figures. Virtuoso is stopped
# afterwards, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sample-virtuoso.sh
SPARQL_ENDPOINT="$VIRTUOSO_ENDPOINT" SPARQL_GRAPH="$VIRTUOSO_GRAPH" \
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --testMatch '**/test/storeFailure/*.ts' "$@"
