#!/usr/bin/env bash
# A throwaway PostgreSQL for tests and benchmarks.
#
#   scripts/pg.sh start DIR   initdb into DIR (owned by `postgres` when run as root), listen on 127.0.0.1 and a free
#                             port (no unix socket), durability off, create the database gequ_test, and print
#                             postgresql://postgres@127.0.0.1:PORT/gequ_test (trust auth on loopback).
#                             Running it again on a live DIR prints the same URL.
#   scripts/pg.sh stop DIR    stop the server and remove DIR (only a DIR this script made).
#   scripts/pg.sh url DIR     print the URL of a running DIR.
#
# Several instances in different DIRs may start and stop concurrently. GEQU_PG_SHARED_BUFFERS sets shared_buffers when
# DIR is made (default 64MB; bench/api uses 2GB, docs/deploy.md).
set -euo pipefail

readonly kMarker=.gequ-pg
readonly kDatabase=gequ_test

die() {
    echo "pg.sh: $*" >&2
    exit 1
}

usage() {
    echo "usage: $0 start|stop|url DIR" >&2
    exit 2
}

pgBin() {
    local bin
    for bin in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x $bin/initdb && -x $bin/pg_ctl ]]; then
            echo "$bin"
            return 0
        fi
    done
    if command -v pg_ctl >/dev/null && command -v initdb >/dev/null; then
        dirname "$(command -v pg_ctl)"
        return 0
    fi
    die "no PostgreSQL server binaries found (install postgresql)"
}

# Runs a command as the owner of the cluster: `postgres` when we are root, else ourselves.
asOwner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

portInUse() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

urlFor() {
    echo "postgresql://postgres@127.0.0.1:$1/$kDatabase"
}

isRunning() {
    [[ -f $1/data/postmaster.pid ]] && asOwner "$BIN/pg_ctl" -D "$1/data" status >/dev/null 2>&1
}

start() {
    local dir=$1
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [[ -e $dir/$kMarker ]] && isRunning "$dir" && [[ -f $dir/port ]]; then
        urlFor "$(cat "$dir/port")"
        return 0
    fi
    if [[ ! -e $dir/$kMarker ]] && [[ -n $(ls -A "$dir") ]]; then
        die "$dir is not empty and was not made by pg.sh"
    fi
    touch "$dir/$kMarker"
    if [[ $(id -u) -eq 0 ]]; then
        chown postgres: "$dir"
        asOwner test -x "$dir" || die "the postgres user cannot reach $dir (make its parent folders searchable)"
    fi

    if [[ ! -f $dir/data/PG_VERSION ]]; then
        rm -rf "$dir/data"
        asOwner "$BIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync \
            >"$dir/initdb.log" 2>&1 || {
            cat "$dir/initdb.log" >&2
            die "initdb failed"
        }
        cat >>"$dir/data/postgresql.conf" <<'EOF'
# pg.sh: a throwaway test server
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
log_min_messages = warning
EOF
        echo "shared_buffers = ${GEQU_PG_SHARED_BUFFERS:-64MB}" >>"$dir/data/postgresql.conf"
    fi

    local attempt port
    for attempt in $(seq 1 30); do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        if portInUse "$port"; then
            continue
        fi
        if asOwner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "-p $port" -w -t 60 start >/dev/null 2>&1; then
            echo "$port" >"$dir/port"
            # Ready for connections: pg_ctl -w waited for it. Create the test database once.
            local psql=(asOwner "$BIN/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -XqtA -v ON_ERROR_STOP=1)
            if [[ -z $("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = '$kDatabase'") ]]; then
                "${psql[@]}" -c "CREATE DATABASE $kDatabase" >/dev/null
            fi
            urlFor "$port"
            return 0
        fi
        # Most likely the port was taken between the check and the bind (another instance); try another one.
        if ! grep -qiE "could not (bind|create listen)|address already in use" "$dir/server.log" 2>/dev/null; then
            cat "$dir/server.log" >&2 || true
            die "the server did not start"
        fi
    done
    die "no free port found"
}

stop() {
    local dir=$1
    [[ -d $dir ]] || return 0
    [[ -e $dir/$kMarker ]] || die "$dir was not made by pg.sh; not touching it"
    if [[ -f $dir/data/postmaster.pid ]]; then
        asOwner "$BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
}

url() {
    local dir=$1
    isRunning "$dir" && [[ -f $dir/port ]] || die "no server running in $dir"
    urlFor "$(cat "$dir/port")"
}

[[ $# -eq 2 ]] || usage
BIN=$(pgBin)
case $1 in
start) start "$2" ;;
stop) stop "$2" ;;
url) url "$2" ;;
*) usage ;;
esac
