#!/usr/bin/env bash
# The web audit (docs/web-performance.md): Lighthouse (npm, pinned in bench/web/package-lock.json) in Debian's
# Chromium against a freshly started gequ-server with a few songs made by the offline composer; every route, as a
# visitor and (where the route has a signed-in state) as a user. Prints one Markdown table and writes the JSON reports
# to build/lighthouse/.   bench/web/run.sh [BUILD_DIR]
# Environment: GEQU_BENCH_ROUTES (comma list of route names to audit, default all), GEQU_BENCH_RUNS (audits per cell,
# default 3), GEQU_BENCH_COMPARE (another built web root, audited in turn with web/dist: an A/B of two builds),
# GEQU_BENCH_CPU_SLOWDOWN (Lighthouse's CPU multiplier, default its own 4), GEQU_BENCH_TRACES=1 (also write each run's
# trace), GEQU_CHROMIUM (default /usr/bin/chromium).
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

# One gequ-server per build audited: web/dist, and with GEQU_BENCH_COMPARE another built web root (say, a copy of
# web/dist from the commit before a change), each with a fresh data directory on a free port.
servers=()
datas=()
cleanup() {
    for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
    for dir in "${datas[@]}"; do rm -rf "$dir"; done
}
trap cleanup EXIT

# start_server WEB_ROOT: starts one and sets $url and $data.
start_server() {
    data=$(mktemp -d /tmp/gequ-bench-web.XXXXXX)
    datas+=("$data")
    local log="$data/server.log" port
    port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    GEQU_DATA_DIR="$data" GEQU_HTTP_PORT="$port" GEQU_WEB_ROOT="$1" GEQU_HTTP_RATE_PER_IP=1000 \
        GEQU_HTTP_BURST_PER_IP=2000 "$build/bin/gequ-server" > "$log" 2>&1 &
    local server=$!
    servers+=("$server")
    url=""
    for _ in $(seq 1 100); do
        url=$(grep -oE 'listening on http://[0-9.]+:[0-9]+' "$log" | head -1 | sed 's/listening on //') || true
        [ -n "$url" ] && break
        kill -0 "$server" 2>/dev/null || break
        sleep 0.1
    done
    [ -n "$url" ] || { echo "gequ-server did not start:"; cat "$log"; exit 1; }
}

start_server "$root/web/dist"
url_a="$url"
data_a="$data"
url_b=""
data_b=""
if [ -n "${GEQU_BENCH_COMPARE:-}" ]; then
    [ -f "$GEQU_BENCH_COMPARE/index.html" ] || { echo "GEQU_BENCH_COMPARE=$GEQU_BENCH_COMPARE is not a built web root"; exit 1; }
    start_server "$(cd "$GEQU_BENCH_COMPARE" && pwd)"
    url_b="$url"
    data_b="$data"
fi

mkdir -p build/lighthouse
GEQU_BENCH_URL="$url_a" GEQU_BENCH_DATA="$data_a" GEQU_BENCH_URL_B="$url_b" GEQU_BENCH_DATA_B="$data_b" \
    GEQU_BENCH_OUT="$root/build/lighthouse" node bench/web/audit.mjs
