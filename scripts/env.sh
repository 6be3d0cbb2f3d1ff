# Sourced by the Makefile's scripts: puts a locally installed Node (scripts/deps.sh) first on PATH.
_gequ_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -x "$_gequ_root/.deps/node/node_modules/.bin/node" ]; then
    export PATH="$_gequ_root/.deps/node/node_modules/.bin:$PATH"
fi
