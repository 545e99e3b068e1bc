#!/usr/bin/env bash
# npm run test:browser: the type-ahead page and the API docs in a real headless Chromium
# (Debian's chromium, driven by playwright-core), against the service on the sample
# vocabulary. Installs chromium when it is missing. Saves the screenshots README.md shows
# to docs/images/.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CHROMIUM:-}" ] && ! [ -x /usr/bin/chromium ]; then
  apt-get update -q && apt-get install -y -q --no-install-recommends chromium
fi
npm run build --silent
node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --testMatch '**/test/browser/*.browser.ts' "$@"
