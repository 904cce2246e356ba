#!/usr/bin/env bash
# Runs the test suite on another Node.js major, e.g. `scripts/test-on-node.sh 22`.
# The binary comes from the npm registry (scripts/fetch-node.sh), kept in .cache/node-MAJOR.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(scripts/fetch-node.sh "$1")"
echo "== npm test on Node.js $("$bin/node" --version)"
PATH="$bin:$PATH" npm test
