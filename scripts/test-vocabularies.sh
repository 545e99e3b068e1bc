#!/usr/bin/env bash
# npm run test:vocabularies: the cases a cataloguer meets first on the shared vocabularies
# (test/vocabularies/), on the embedded store with the label index and without it. Needs
# ../shared beside the project (CI has it; npm test does not).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/vocabularies ]; then
  echo "test:vocabularies needs ../shared/vocabularies beside the project" >&2
  exit 1
fi
for index in on off; do
  echo "== cataloguer cases, embedded store, LABEL_INDEX=$index"
  LABEL_INDEX="$index" node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --testMatch '**/test/vocabularies/*.vocab.ts' "$@"
done
