#!/usr/bin/env bash
# Create-to-playable with the offline composer (docs/generation.md): p50 and max over 20 creates, idle and with the
# square under load, and the first create after start-up.
#   bench/generation/run.sh [BUILD_DIR] [CREATES]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
build="${1:-build/release}"
[ -x "$build/bin/gequ-server" ] && [ -x "$build/bin/gequ-admin" ] || { echo "bench/generation: build first (make build)" >&2; exit 1; }
exec node bench/generation/playable.mjs "$root/$build/bin/gequ-server" "$root/$build/bin/gequ-admin" "${2:-20}"
