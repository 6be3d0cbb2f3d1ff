#!/usr/bin/env bash
# The offline composer's speed: seconds of audio per CPU second (target >= 50x real time per core) and peak memory.
#   bench/composer/run.sh [BUILD_DIR]    (default build/release; builds the bench binary when missing)
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${1:-build/release}"
bin="$build/bin/gequ-composer-bench"
if [ ! -x "$bin" ]; then
    cmake --build "$build" --target gequ-composer-bench -j "$(nproc)" >/dev/null
fi
echo "Clips of ${GEQU_BENCH_SECONDS:-90} s, one thread, on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))."
echo
"$bin" --seconds "${GEQU_BENCH_SECONDS:-90}"
