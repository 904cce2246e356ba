#!/usr/bin/env bash
# Runs the test suite on another Node.js major, e.g. `scripts/test-on-node.sh 22`.
# The binary comes from the npm registry (scripts/fetch-node.sh), kept in .cache/node-MAJOR.
# The suite only: vitest builds dist/ itself (test/global-setup.ts), and the type check
# does not depend on the Node.js line (`npm test` runs it once).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(scripts/fetch-node.sh "$1")"
echo "== vitest on Node.js $("$bin/node" --version)"
PATH="$bin:$PATH" npx vitest run
