#!/usr/bin/env bash
# End-to-end journeys: starts gequ-server on a fresh data dir and a free port, runs tests/e2e in headless Chromium,
# stops the server. Screenshots go to build/e2e-shots/.   scripts/e2e.sh [BUILD_DIR]
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source scripts/env.sh
build="${1:-build/release}"
data=$(mktemp -d /tmp/gequ-e2e.XXXXXX)
log="$data/server.log"

# A free port chosen up front (not 0), so that http.public_base_url, which share links and the sandbox QR use,
# names the real address.
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
# Loopback is trusted as a proxy (the default http.trusted_proxies): a journey may speak from another network through
# X-Forwarded-For (the login challenge's journey); the others come from 127.0.0.1 as before.
GEQU_DATA_DIR="$data" GEQU_HTTP_PORT="$port" GEQU_WEB_ROOT="$root/web/dist" GEQU_HTTP_RATE_PER_IP=1000 \
    GEQU_HTTP_BURST_PER_IP=2000 GEQU_HTTP_TRUST_PROXY=true "$build/bin/gequ-server" > "$log" 2>&1 &
server=$!
cleanup() {
    kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$data"
}
trap cleanup EXIT

url=""
for _ in $(seq 1 100); do
    url=$(grep -oE 'listening on http://[0-9.]+:[0-9]+' "$log" | head -1 | sed 's/listening on //')
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "e2e: gequ-server did not start:"; cat "$log"
    echo "# pass 0"; echo "# fail 1"
    exit 1
fi
echo "e2e: server at $url (data $data)"

mkdir -p build/e2e-shots
GEQU_E2E_URL="$url" GEQU_E2E_DATA="$data" GEQU_E2E_BUILD="$root/$build" GEQU_E2E_SHOTS="$root/build/e2e-shots" \
    node --test --test-reporter=tap --test-concurrency=1 ${GEQU_E2E_TESTS:-tests/e2e/*.test.mjs}
