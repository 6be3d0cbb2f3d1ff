#!/usr/bin/env bash
# Installs what Gequ needs on Debian 12, and nothing that is already there.
#   scripts/deps.sh          Debian packages + Node (>= 20.19) + the npm packages of web/, tests/e2e/ and tests/s3rver/
# Idempotent: a second run checks, finds everything present, and installs nothing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

packages=(
    build-essential cmake pkg-config git ca-certificates
    libpoco-dev libpq-dev libssl-dev libsqlite3-dev
    libqrencode-dev libmp3lame-dev libfluidsynth-dev fluid-soundfont-gm libespeak-ng-dev espeak-ng-data
    libgtest-dev libgmock-dev
    postgresql postgresql-contrib
    chromium fonts-noto-cjk
    sox libsox-fmt-mp3
    ccache wrk
    nginx-light
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "deps: installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Node >= 20.19: use the machine's when new enough, else install the npm registry's `node` package locally.
node_ok() {
    command -v node >/dev/null 2>&1 || return 1
    node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'
}
if ! node_ok; then
    local_node="$root/.deps/node"
    if [ ! -x "$local_node/node_modules/.bin/node" ]; then
        command -v npm >/dev/null 2>&1 || {
            sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
            $sudo apt-get install -y -qq --no-install-recommends npm
        }
        echo "deps: installing Node 22 from the npm registry into .deps/node"
        mkdir -p "$local_node"
        npm install --prefix "$local_node" --no-audit --no-fund node@22 >/dev/null
    fi
    export PATH="$local_node/node_modules/.bin:$PATH"
    node_ok || { echo "deps: could not provide Node >= 20.19" >&2; exit 1; }
fi

# npm packages, reinstalled only when the lock file changed since the last install.
for dir in web tests/e2e tests/s3rver; do
    [ -f "$root/$dir/package-lock.json" ] || continue
    stamp="$root/$dir/node_modules/.gequ-lock-stamp"
    if [ ! -f "$stamp" ] || ! cmp -s "$root/$dir/package-lock.json" "$stamp"; then
        echo "deps: npm ci in $dir"
        (cd "$root/$dir" && npm ci --no-audit --no-fund --loglevel=error)
        cp "$root/$dir/package-lock.json" "$stamp"
    fi
done
