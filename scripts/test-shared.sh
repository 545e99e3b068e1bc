#!/usr/bin/env bash
# The suites that need ../shared beside the project (CI has it; npm test does not), on the
# embedded store with the label index and without it:
#   npm run test:vocabularies  the cases a cataloguer meets first on the shared vocabularies
#                              (test/vocabularies/*.vocab.ts);
#   npm run test:reconcile     every answer of /reconcile against the reconciliation API's
#                              JSON Schemas (test/reconcile/*.shared.ts; scripts/test-virtuoso.sh
#                              runs it on Virtuoso too).
# Usage: scripts/test-shared.sh vocabularies|reconcile [jest options]
set -euo pipefail
cd "$(dirname "$0")/.."
suite="$1"
shift
case "$suite" in
  vocabularies) needs=../shared/vocabularies match='**/test/vocabularies/*.vocab.ts' ;;
  reconcile) needs=../shared/reconciliation match='**/test/reconcile/*.shared.ts' ;;
  *) echo "unknown suite $suite" >&2; exit 2 ;;
esac
if [ ! -d "$needs" ]; then
  echo "test:$suite needs $needs beside the project" >&2
  exit 1
fi
for index in on off; do
  echo "== $suite, embedded store, LABEL_INDEX=$index"
  LABEL_INDEX="$index" node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --testMatch "$match" "$@"
done
