#!/usr/bin/env bash
# The square, search, player and my works at real size (docs/performance.md): seeds a database with gequ-admin seed,
# starts gequ-server on it (rate limits lifted, everything else as deployed), and drives every read with wrk at 64
# connections (a subset at 256) twice: as a visitor (public lists may come from the 2 s in-process cache) and signed
# in (the session is remembered for http.session_cache_ms, the viewer's likes are read from the database for every
# request; a public list's songs may come from the same cache). Then a write mix (plays, likes, login codes) beside 64
# readers. The ceiling is a static file of the same bytes as the hot list's first page, served by the same server.
# One Markdown table per database.
#
#   bench/api/run.sh [BUILD_DIR] [SONGS] [DATABASES]
#     SONGS      default 1000000 (users: a tenth of that; 13900000000 owns 10000 songs, or a tenth for small runs)
#     DATABASES  "sqlite postgresql" (default), or one of them
#   GEQU_BENCH_DURATION   seconds per wrk run (default 4)
#   GEQU_BENCH_ROWS       an extended regular expression: only the rows whose name matches (and the ceiling) run
#   GEQU_BENCH_SQLITE_DB  a database file seeded before (gequ-admin seed --songs SONGS): used in place, not seeded
#   GEQU_BENCH_PG_URL     the same for PostgreSQL: a seeded database's URL, used in place and left running (give
#                         its server shared_buffers = 2GB, as the bench's own has: docs/deploy.md)
#                         A reused database's login codes and login failures are deleted before the sign-ins.
#
# The cache-missing rows ("… each request a different …") send every request somewhere new (a Lua script walks a
# list; the two wrk threads take alternate entries): search keywords of 2 to 6 characters cut from the titles and
# lyrics of 3,000 songs of the database (bench/api/keywords.js; a third of those songs carry one of the seed's rare
# words), and the player detail of random public songs. The in-process caches
# hold an answer for 2 s, so no answer is ever asked for twice within its lifetime.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
build="${1:-build/release}"
songs="${2:-1000000}"
databases="${3:-sqlite postgresql}"
duration="${GEQU_BENCH_DURATION:-4}"
users=$(( songs / 10 > 1000 ? songs / 10 : 1000 ))
heavy=$(( songs >= 100000 ? 10000 : songs / 10 ))
admin="$root/$build/bin/gequ-admin"
server="$root/$build/bin/gequ-server"
command -v wrk >/dev/null || { echo "bench/api: wrk is missing (apt-get install wrk)" >&2; exit 1; }
[ -x "$admin" ] && [ -x "$server" ] || { echo "bench/api: build first (make build)" >&2; exit 1; }

work=$(mktemp -d /tmp/gequ-bench-api.XXXXXX)
chmod 0755 "$work" # scripts/pg.sh runs PostgreSQL as the postgres user, which must reach its folder
server_pid=""
pg_dir=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
    [ -n "$pg_dir" ] && "$root/scripts/pg.sh" stop "$pg_dir" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
b64() { printf '%s' "$1" | base64 -w0; }
urlenc() { node -e 'console.log(encodeURIComponent(process.argv[1]))' "$1"; }

# wrk's summary as "req/s p50 p99 non2xx" (latencies in ms).
measure() { # connections url [extra wrk args...]
    local c=$1 url=$2
    shift 2
    local out
    out=$(wrk -t2 -c"$c" -d"${measure_seconds:-$duration}s" --timeout 10s --latency "$@" "$url" 2>&1)
    node -e '
        const t = process.argv[1];
        const ms = (s) => { if (!s) return NaN; const m = s.match(/([\d.]+)(us|ms|s)/); const v = +m[1];
            return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v; };
        const rps = +(t.match(/Requests\/sec:\s+([\d.]+)/) || [0, 0])[1];
        const p50 = ms((t.match(/\s50%\s+(\S+)/) || [])[1]);
        const p99 = ms((t.match(/\s99%\s+(\S+)/) || [])[1]);
        const bad = +(t.match(/Non-2xx or 3xx responses:\s+(\d+)/) || [0, 0])[1];
        const to = +(t.match(/timeout (\d+)/) || [0, 0])[1];
        console.log(rps.toFixed(1), p50.toFixed(2), p99.toFixed(2), bad + to);' "$out"
}

# Which pages PostgreSQL's shared memory is on, when its server runs on this machine. On 4 KB pages every connection
# (a backend process of its own) takes a page fault the first time it touches each 4 KB of shared_buffers, so each of
# gequ-server's new connections pays again for every page a random read reaches: at 1,000,000 songs that was about
# 4 faults and 125 us of PostgreSQL's CPU per song on the first read, against 15-20 us after, and the player detail's
# first pass ran 0.40-0.44x of the static file instead of 0.66-0.70x on 2 MB huge pages (docs/deploy.md, "Database
# connections"; bench/README.md).
pg_page_size_note() { # url
    local datadir pid
    datadir=$(psql -XAtq "$1" -c "SHOW data_directory" 2>/dev/null) || return 0
    pid=$(head -1 "$datadir/postmaster.pid" 2>/dev/null) || return 0
    [ -r "/proc/$pid/smaps" ] || return 0
    if grep -q 'KernelPageSize: *2048 kB' "/proc/$pid/smaps"; then
        echo "PostgreSQL's shared memory is on 2 MB huge pages"
    else
        echo "PostgreSQL's shared memory is on 4 KB pages: reserve huge pages (vm.nr_hugepages) and restart it to" \
            "measure the read path rather than page faults (docs/deploy.md)"
    fi
}

run_database() { # sqlite|postgresql
    local dbname=$1 data="$work/$1" url reused=""
    mkdir -p "$data"
    if [ "$dbname" = postgresql ]; then
        if [ -n "${GEQU_BENCH_PG_URL:-}" ]; then
            url=$GEQU_BENCH_PG_URL reused=1
        else
            pg_dir="$work/pg"
            url=$(GEQU_PG_SHARED_BUFFERS=2GB "$root/scripts/pg.sh" start "$pg_dir")
        fi
    else
        if [ -n "${GEQU_BENCH_SQLITE_DB:-}" ]; then
            url="sqlite:$GEQU_BENCH_SQLITE_DB" reused=1
        else
            url="sqlite:$data/gequ.db"
        fi
    fi
    # notice: the warnings, and the line the search index logs when it is built (waited for below).
    export GEQU_DATA_DIR="$data" GEQU_DB_URL="$url" GEQU_LOG_LEVEL=notice
    local t0=$SECONDS seed_note
    if [ -z "$reused" ]; then
        "$admin" seed --songs "$songs" --users "$users" --heavy-user-songs "$heavy" >"$data/seed.log" 2>&1 \
            || { cat "$data/seed.log"; exit 1; }
        seed_note="seeded in $((SECONDS - t0)) s"
    else
        "$admin" migrate >"$data/seed.log" 2>&1 || { cat "$data/seed.log"; exit 1; }
        seed_note="seeded before, migrated in $((SECONDS - t0)) s"
        # The login codes and failures earlier runs left, or the code limits refuse this run's sign-ins.
        local forget="DELETE FROM sms_codes; DELETE FROM login_failures;"
        if [ "$dbname" = postgresql ]; then psql -XAtq "$url" -c "$forget"; else sqlite3 "${url#sqlite:}" "$forget"; fi
    fi

    # What the cache-missing rows ask for, from the database itself: 3,000 songs' titles and lyrics (every 997th
    # public song, and the public songs with one of the seed's rare words) cut into keywords, and 20,000 public
    # songs for the player detail.
    local sample_sql ids_sql public="open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL"
    if [ "$dbname" = postgresql ]; then
        sample_sql="(SELECT json_build_object('t', title, 'l', lyric) FROM songs WHERE $public AND
            abs(hashtext(id)) % 997 = 0 LIMIT 2000) UNION ALL (SELECT json_build_object('t', title, 'l', lyric)
            FROM songs WHERE $public AND title ~ '(鲸落|琥珀|鹦鹉螺|银杏|极光|蒲公英)' LIMIT 1000)"
        ids_sql="SELECT id FROM songs WHERE $public AND abs(hashtext(id)) % 37 = 0 LIMIT 20000"
        psql -XAtq "$url" -c "$sample_sql" >"$work/sample.jsonl"
        psql -XAtq "$url" -c "$ids_sql" >"$work/ids.txt"
    else
        local file=${url#sqlite:}
        sample_sql="SELECT * FROM (SELECT json_object('t', title, 'l', lyric) FROM songs WHERE $public AND
            seq % 997 = 0 LIMIT 2000) UNION ALL SELECT * FROM (SELECT json_object('t', title, 'l', lyric) FROM songs
            WHERE $public AND (title LIKE '%鲸落%' OR title LIKE '%琥珀%' OR title LIKE '%鹦鹉螺%' OR title LIKE
            '%银杏%' OR title LIKE '%极光%' OR title LIKE '%蒲公英%') LIMIT 1000)"
        ids_sql="SELECT id FROM songs WHERE $public AND seq % 37 = 0 LIMIT 20000"
        sqlite3 -readonly "$file" "$sample_sql" >"$work/sample.jsonl"
        sqlite3 -readonly "$file" "$ids_sql" >"$work/ids.txt"
    fi
    node "$root/bench/api/keywords.js" 40000 <"$work/sample.jsonl" >"$work/keywords.txt"

    # A web root holding the app and the ceiling file.
    mkdir -p "$data/web"
    cp -r "$root/web/dist/." "$data/web/" 2>/dev/null || true
    local port
    port=$(free_port)
    GEQU_HTTP_PORT=$port GEQU_WEB_ROOT="$data/web" GEQU_HTTP_RATE_PER_IP=1000000 GEQU_HTTP_BURST_PER_IP=1000000 \
        GEQU_GENERATION_WORKERS=0 GEQU_HTTP_TRUST_PROXY=true \
        "$server" >"$data/server.log" 2>&1 &
    server_pid=$!
    local base="http://127.0.0.1:$port"
    for _ in $(seq 1 200); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
    curl -fs "$base/healthz" >/dev/null || { cat "$data/server.log"; exit 1; }
    # gequ-server builds its search index in memory after it starts (docs/performance.md, "Search"); until then
    # searches use the database's indexes. Measure once it is built.
    for _ in $(seq 1 3000); do grep -q 'search index built' "$data/server.log" && break; sleep 0.1; done
    grep -o 'search index built.*' "$data/server.log" || echo "the search index was not built within 300 s"

    # The database's own cache as a server that has been running holds it: the tables the reads use and their B-tree
    # indexes (about 1 GB at 1,000,000 songs) in PostgreSQL's shared_buffers, the SQLite file in the OS's page cache.
    # A database just started reads every page once from the OS (the search index's build scans the table through
    # a small ring, which does not fill shared_buffers), and a row that walks 20,000 random songs would measure that
    # one-off copy, not the read path. (What each new connection pays on top of that is the page size's:
    # pg_page_size_note, above.)
    local t_warm=$SECONDS
    if [ "$dbname" = postgresql ]; then
        psql -XAtq "$url" -c "CREATE EXTENSION IF NOT EXISTS pg_prewarm" -c "SELECT count(pg_prewarm(r)) FROM (
            SELECT to_regclass(t) AS r FROM unnest(array['songs', 'users', 'song_likes', 'song_timelines',
                'user_song_counts']) AS t
            UNION SELECT i.indexrelid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                JOIN pg_am a ON a.oid = c.relam
            WHERE a.amname = 'btree' AND i.indrelid IN (SELECT to_regclass(t) FROM unnest(array['songs', 'users',
                'song_likes', 'song_timelines', 'user_song_counts']) AS t)) AS w WHERE r IS NOT NULL" >/dev/null
    else
        cat "${url#sqlite:}" >/dev/null
    fi
    echo "database cache warmed in $((SECONDS - t_warm)) s"
    [ "$dbname" = postgresql ] && pg_page_size_note "$url"

    # Sign in as the user who owns the most songs, through the real SMS flow (console outbox), solving the login
    # challenge when a database reused across runs has seen this phone ask often (bench/api/ask_code.mjs).
    node "$root/bench/api/ask_code.mjs" "$base" 13900000000
    local code token
    code=$(grep -o '[0-9]\{6\}' "$data/sms-outbox.jsonl" | tail -1)
    token=$(curl -fs -X POST "$base/login/phone" -H 'Content-Type: application/json' \
        -d "{\"phoneNumber\":\"13900000000\",\"code\":\"$code\"}" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.token))')

    # 64 other seeded users (about nine songs each) sign in the same way, for the my works row spread over many
    # owners: wrk's connections take their tokens in turn (many.lua).
    local n phone
    {
        echo 'local tokens = {'
        for n in $(seq 1 64); do
            phone=$(printf '139%08d' "$n")
            # From a network of its own (as behind nginx): a network may ask for 5 codes an hour without a challenge,
            # and a code is good only on the network that asked for it (docs/security.md, "Login abuse").
            node "$root/bench/api/ask_code.mjs" "$base" "$phone" "10.$n.0.1"
            code=$(grep "\"phone\":\"$phone\"" "$data/sms-outbox.jsonl" | tail -1 | grep -o '"code":"[0-9]\{6\}"' | grep -o '[0-9]\{6\}')
            curl -fs -X POST "$base/login/phone" -H 'Content-Type: application/json' -H "X-Forwarded-For: 10.$n.0.1" \
                -d "{\"phoneNumber\":\"$phone\",\"code\":\"$code\"}" |
                node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.stringify(JSON.parse(s).data.token)+","))'
        done
        echo '}'
        echo 'local n = 0'
        echo 'request = function()'
        echo '    n = n + 1'
        echo '    return wrk.format(nil, nil, {["Authorization"] = tokens[(n % #tokens) + 1]})'
        echo 'end'
    } >"$work/many.lua"

    # The cache-missing rows' scripts: NAME-v.lua (visitor) and NAME-s.lua (signed in) take different stretches of
    # the same list, and wrk's two threads alternate entries, so no path is asked for twice within a run.
    vary_scripts() { # name list-file prefix
        local name=$1 list=$2 prefix=$3 half
        node -e '
            const fs = require("fs");
            const [list, prefix, out] = process.argv.slice(1);
            const paths = fs.readFileSync(list, "utf8").split("\n").filter(Boolean)
                .map((item) => prefix + encodeURIComponent(item));
            fs.writeFileSync(out, "local paths = " + JSON.stringify(paths).replace(/^\[/, "{").replace(/\]$/, "}") + "\n");' \
            "$list" "$prefix" "$work/$name-paths.lua"
        half=$(( $(wc -l <"$list") / 2 ))
        local start
        for start in v:0 s:$half; do
            {
                cat "$work/$name-paths.lua"
                echo "local start = ${start#*:}"
                echo 'local threads = 0'
                echo 'function setup(thread) thread:set("first", threads); threads = threads + 1 end'
                echo 'local n = -1'
                echo 'request = function()'
                echo '    n = n + 1'
                echo '    return wrk.format(nil, paths[(start + (first or 0) + 2 * n) % #paths + 1])'
                echo 'end'
            } >"$work/$name-${start%%:*}.lua"
        done
    }
    vary_scripts search "$work/keywords.txt" "/music/search?keyword="
    vary_scripts detail "$work/ids.txt" "/music/getMusic?id="

    curl -fs "$base/music/getPopularMusic?page=1" >"$data/web/ceiling.json"
    local some_id
    some_id=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).data[3].native_id)' "$data/web/ceiling.json")

    local -a rows=(
        "static file, same bytes as hot p1 (ceiling)|/ceiling.json"
        "hot p1|/music/getPopularMusic?page=1"
        "hot p10|/music/getPopularMusic?page=10"
        "hot p50 (deepest served)|/music/getPopularMusic?page=50"
        "new p1|/music/getNewMusic?page=1"
        "new p10|/music/getNewMusic?page=10"
        "new p50 (deepest served)|/music/getNewMusic?page=50"
    )
    local genre
    for genre in 流行 摇滚 电子 古典 说唱 金属 男声 女声 爵士 Cinematic lo-fi; do
        rows+=("genre $genre|/music/search?keyword=$(urlenc "$genre")")
    done
    rows+=("genre 流行 p50|/music/search?keyword=$(urlenc 流行)&page=50")
    local word
    for word in 夜 鲸 晚风 鲸落 的晚风 鹦鹉螺 夏夜海边 琥珀的极光 love; do
        rows+=("search \"$word\"|/music/search?keyword=$(urlenc "$word")")
    done
    rows+=("player detail (getMusic)|/music/getMusic?id=$some_id")
    rows+=("search, each request a different keyword (2–6 characters)|/music/search|both|search")
    rows+=("player detail, each request a different song|/music/getMusic|both|detail")
    rows+=("my works p1 ($heavy songs)|/music/song/list?page=1|auth")
    rows+=("my works p$(( (heavy + 19) / 20 )) (last)|/music/song/list?page=$(( (heavy + 19) / 20 ))|auth")
    rows+=("my works p1 (64 owners in turn, ~$(( songs / users )) songs each)|/music/song/list?page=1|many")
    rows+=("my works count (listNumber)|/music/song/listNumber|auth")
    rows+=("generating count (generateNumber)|/music/song/generateNumber|auth")

    echo "### $dbname: $songs songs, $users users ($seed_note), wrk -t2 -d${duration}s"
    echo
    echo "Ratios are to the static file's req/s at the same connection count, measured again just before each row"
    echo "(column 'ceiling'), so that a machine whose load drifts during the run still compares like with like. Visitor:"
    echo "as an anonymous browser (public lists may be answered from the 2 s cache). Signed in: the heavy user's token:"
    echo "the session is read once a second (http.session_cache_ms), the viewer's likes every time, a public list's songs"
    echo "may come from the cache."
    echo
    echo "| request | c | ceiling req/s | visitor req/s | p50 ms | p99 ms | ratio | signed-in req/s | p50 ms | p99 ms | ratio | errors |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
    local c
    for c in 64 256; do
        local ceiling="" ceiling_p99=""
        local row name path auth
        for row in "${rows[@]}"; do
            IFS='|' read -r name path auth script <<<"$row"
            [ "$auth" = both ] && auth=""
            if [ -n "${GEQU_BENCH_ROWS:-}" ] && [[ $name != static* ]] && ! [[ $name =~ $GEQU_BENCH_ROWS ]]; then
                continue
            fi
            # At 256 connections: the ceiling and one of each kind.
            if [ "$c" = 256 ] && ! [[ $name =~ ^(static|hot\ p1$|new\ p50|genre\ 流行$|search\ \"夏夜海边|search\ \"夜|player|my\ works\ p1\ \() ]]; then
                continue
            fi
            local vis="" sig=""
            if [[ $name != static* ]]; then
                # The ceiling again, just before this row (half as long).
                read -r ceiling _ < <(measure_seconds=$(( (duration + 1) / 2 )) measure "$c" "$base/ceiling.json")
            fi
            if [ -z "$auth" ]; then
                if [ -n "$script" ]; then
                    read -r rps p50 p99 bad < <(measure "$c" "$base$path" -s "$work/$script-v.lua")
                else
                    read -r rps p50 p99 bad < <(measure "$c" "$base$path")
                fi
                [[ $name == static* ]] && ceiling=$rps && ceiling_p99=$p99
                vis="$rps | $p50 | $p99 | $(node -e 'console.log((process.argv[1]/process.argv[2]).toFixed(2))' "$rps" "$ceiling")×"
            else
                vis="| | |"
                bad=0
            fi
            if [[ $name == static* ]]; then
                sig="| | |"
            else
                if [ -n "$script" ]; then
                    read -r srps sp50 sp99 sbad < <(measure "$c" "$base$path" -s "$work/$script-s.lua" -H "Authorization: $token")
                elif [ "$auth" = many ]; then
                    read -r srps sp50 sp99 sbad < <(measure "$c" "$base$path" -s "$work/many.lua")
                else
                    read -r srps sp50 sp99 sbad < <(measure "$c" "$base$path" -H "Authorization: $token")
                fi
                sig="$srps | $sp50 | $sp99 | $(node -e 'console.log((process.argv[1]/process.argv[2]).toFixed(2))' "$srps" "$ceiling")×"
                bad=$((bad + sbad))
            fi
            echo "| $name | $c | $ceiling | $vis | $sig | $bad |"
        done
    done

    # Writes while reads run at full speed: plays, likes and login codes from 8 connections beside 64 signed-in
    # readers of the hot list.
    cat >"$work/writes.lua" <<LUA
local n = 0
local token = "$token"
request = function()
    n = n + 1
    local id = string.format("seed-s%08d", (n * 7919) % $songs)
    local kind = n % 3
    if kind == 0 then
        return wrk.format("POST", "/music/addNumberOfViews", {["Content-Type"] = "application/json"},
            '{"nativeId":"' .. id .. '"}')
    elseif kind == 1 then
        return wrk.format("POST", "/music/like", {["Content-Type"] = "application/json", ["Authorization"] = token},
            '{"nativeId":"' .. id .. '","like":' .. ((n % 2 == 0) and "true" or "false") .. '}')
    else
        return wrk.format("POST", "/login/code", {["Content-Type"] = "application/json"},
            string.format('{"phoneNumber":"137%08d"}', n))
    end
end
LUA
    measure 64 "$base/music/getPopularMusic?page=1" -H "Authorization: $token" >"$work/reads.txt" &
    local readers=$!
    read -r wrps wp50 wp99 wbad < <(measure 8 "$base/music/addNumberOfViews" -s "$work/writes.lua")
    wait "$readers"
    read -r rrps rp50 rp99 rbad <"$work/reads.txt"
    echo
    echo "| beside each other | c | req/s | p50 ms | p99 ms | non-2xx |"
    echo "|---|---|---|---|---|---|"
    echo "| writes: play, like, login code | 8 | $wrps | $wp50 | $wp99 | $wbad (private or failed songs, and the login code limits, answer 4xx) |"
    echo "| hot p1 readers (signed in: likes from the database) | 64 | $rrps | $rp50 | $rp99 | $rbad |"
    echo

    local stop0=$SECONDS
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
    echo "gequ-server stopped in $((SECONDS - stop0)) s."
    echo
    if [ "$dbname" = postgresql ] && [ -n "$pg_dir" ]; then
        "$root/scripts/pg.sh" stop "$pg_dir" >/dev/null 2>&1 || true
        pg_dir=""
    fi
    rm -rf "$data"
}

echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))."
echo
for db in $databases; do
    run_database "$db"
done
