#!/usr/bin/env bash
# Slow clients against the per-client connection cap (docs/security.md, "Slow clients"): 600 trickling connections
# from one client (127.0.0.1), and another client's (127.0.0.2) requests timed meanwhile; once with the default cap,
# once with the cap off (http.max_connections_per_client = 0) for comparison.
#   bench/slowclients/run.sh [BUILD_DIR] [SECONDS]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
build="${1:-build/release}"
[ -x "$build/bin/gequ-server" ] && [ -x "$build/bin/gequ-admin" ] || { echo "bench/slowclients: build first (make build)" >&2; exit 1; }
exec node bench/slowclients/slow.mjs "$root/$build/bin/gequ-server" "$root/$build/bin/gequ-admin" "${2:-15}"
