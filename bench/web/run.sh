#!/usr/bin/env bash
# The web audit (docs/web-performance.md): Lighthouse (npm, pinned in bench/web/package-lock.json) in Debian's
# Chromium against a freshly started gequ-server with a few songs made by the offline composer; every route, as a
# visitor and (where the route has a signed-in state) as a user. Prints one Markdown table and writes the JSON reports
# to build/lighthouse/.   bench/web/run.sh [BUILD_DIR]
# Environment: GEQU_BENCH_ROUTES (comma list of route names to audit, default all), GEQU_BENCH_CPU_SLOWDOWN (Lighthouse's
# CPU multiplier, default its own 4), GEQU_CHROMIUM (default /usr/bin/chromium).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
build="${1:-build/release}"
[ -f web/dist/index.html ] || { echo "web/dist is not built (make build)"; exit 1; }
[ -x "$build/bin/gequ-server" ] || { echo "$build/bin/gequ-server is not built (make build)"; exit 1; }

# The audit's own npm packages, reinstalled only when the lock file changed.
stamp=bench/web/node_modules/.gequ-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s bench/web/package-lock.json "$stamp"; then
    (cd bench/web && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    cp bench/web/package-lock.json "$stamp"
fi

data=$(mktemp -d /tmp/gequ-bench-web.XXXXXX)
log="$data/server.log"
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
GEQU_DATA_DIR="$data" GEQU_HTTP_PORT="$port" GEQU_WEB_ROOT="$root/web/dist" GEQU_HTTP_RATE_PER_IP=1000 \
    GEQU_HTTP_BURST_PER_IP=2000 "$build/bin/gequ-server" > "$log" 2>&1 &
server=$!
cleanup() {
    kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$data"
}
trap cleanup EXIT

url=""
for _ in $(seq 1 100); do
    url=$(grep -oE 'listening on http://[0-9.]+:[0-9]+' "$log" | head -1 | sed 's/listening on //') || true
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
done
[ -n "$url" ] || { echo "gequ-server did not start:"; cat "$log"; exit 1; }

mkdir -p build/lighthouse
GEQU_BENCH_URL="$url" GEQU_BENCH_DATA="$data" GEQU_BENCH_OUT="$root/build/lighthouse" \
    node bench/web/audit.mjs
