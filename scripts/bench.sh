#!/usr/bin/env bash
# The benchmarks (docs/testing.md); not part of make test. Each prints a Markdown table for this machine.
#   scripts/bench.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source scripts/env.sh
build="${1:-build/release}"
for b in bench/*/run.sh; do
    [ -x "$b" ] || continue
    echo "## $(basename "$(dirname "$b")")"
    "$b" "$build"
    echo
done
