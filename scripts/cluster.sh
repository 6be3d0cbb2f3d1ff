#!/usr/bin/env bash
# Gequ's production shape on one machine (docs/deploy.md): a throwaway PostgreSQL (scripts/pg.sh), a local
# S3-compatible server (tests/s3rver), several gequ-server instances on their own ports and data dirs sharing that
# database and bucket, and nginx (deploy/nginx.conf) in front. Ctrl-C stops everything and removes what it made.
#
#   scripts/cluster.sh [BUILD_DIR]          (make cluster)
#
# Settings from the environment:
#   GEQU_CLUSTER_PORT        nginx's port on 127.0.0.1 (default 8080; 0 picks a free one)
#   GEQU_CLUSTER_INSTANCES   how many gequ-server instances (default 3)
#   GEQU_CLUSTER_MEDIA       s3 (default) or local: local media in one folder all instances share, sent by nginx
#                            through X-Accel-Redirect
#   GEQU_CLUSTER_PROPERTIES  extra configuration lines for every instance (e.g. "composer.clip_seconds = 10")
#   GEQU_CLUSTER_READY       a file to write once everything serves: shell lines url=, dir=, db_url=, s3=,
#                            instance_pids=, instance_ports=, nginx_pid= (the cluster test reads it)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source scripts/env.sh
build="$(cd "${1:-build/release}" && pwd)"
port="${GEQU_CLUSTER_PORT:-8080}"
instances="${GEQU_CLUSTER_INSTANCES:-3}"
media="${GEQU_CLUSTER_MEDIA:-s3}"
ready="${GEQU_CLUSTER_READY:-}"

for need in "$build/bin/gequ-server" "$build/bin/gequ-admin" web/dist/index.html tests/s3rver/node_modules/s3rver; do
    [ -e "$need" ] || { echo "cluster: $need is missing (run make build first)" >&2; exit 1; }
done
command -v nginx >/dev/null || { echo "cluster: nginx is missing (scripts/deps.sh installs nginx-light)" >&2; exit 1; }

work="$(mktemp -d /tmp/gequ-cluster-XXXXXX)"
chmod 755 "$work"
instance_pids=()
s3_pid=""
nginx_started=""
pg_started=""

cleanup() {
    trap - EXIT INT TERM
    echo "cluster: stopping"
    [ -n "$nginx_started" ] && nginx -p "$work/nginx/" -c "$work/nginx/nginx.conf" -s stop 2>/dev/null || true
    for pid in "${instance_pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${instance_pids[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    if [ -n "$s3_pid" ]; then
        kill "$s3_pid" 2>/dev/null || true
        wait "$s3_pid" 2>/dev/null || true
    fi
    [ -n "$pg_started" ] && scripts/pg.sh stop "$work/pg" >/dev/null 2>&1 || true
    rm -rf "$work"
    echo "cluster: stopped, $work removed"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

freePort() {
    node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Waits until a log file has a line matching a pattern; prints the line's last word. Gives up after $3 seconds.
waitForLine() { # file pattern seconds
    local deadline=$((SECONDS + $3))
    while [ $SECONDS -lt $deadline ]; do
        if line=$(grep -m1 -E "$2" "$1" 2>/dev/null); then
            echo "${line##* }"
            return 0
        fi
        sleep 0.2
    done
    echo "cluster: timed out waiting for '$2' in $1:" >&2
    tail -20 "$1" >&2 || true
    return 1
}

# 1. PostgreSQL.
mkdir -p "$work/pg"
db_url="$(scripts/pg.sh start "$work/pg" | tail -1)"
pg_started=1
echo "cluster: PostgreSQL at ${db_url}"

# 2. The S3-compatible server (signature-checking), one bucket.
s3_key="GEQUCLUSTER"
s3_secret="$(head -c 24 /dev/urandom | base64 | tr -d '/+=')"
bucket="gequ-media"
node tests/s3rver/start.mjs --dir "$work/s3" --bucket "$bucket" --access-key "$s3_key" --secret "$s3_secret" \
    --port 0 > "$work/s3.log" 2>&1 &
s3_pid=$!
s3_url="$(waitForLine "$work/s3.log" '^s3rver listening on ' 30)"
echo "cluster: S3 at $s3_url (bucket $bucket)"

# 3. The instances: one configuration each, the database, bucket, secret and SMS outbox shared.
[ "$port" = 0 ] && port="$(freePort)"
secret="$(head -c 48 /dev/urandom | base64 | tr -d '/+=' | head -c 48)"
mkdir -p "$work/media"
chmod 755 "$work/media"
"$build/bin/gequ-admin" --help >/dev/null
GEQU_DB_URL="$db_url" GEQU_DATA_DIR="$work/admin" "$build/bin/gequ-admin" migrate >/dev/null
ports=()
for i in $(seq 1 "$instances"); do
    dir="$work/instance-$i"
    mkdir -p "$dir"
    {
        echo "data.dir = $dir"
        echo "db.url = $db_url"
        echo "http.port = 0"
        echo "http.public_base_url = http://127.0.0.1:$port"
        echo "http.trust_proxy = true"
        echo "web.root = $root/web/dist"
        echo "auth.secret = $secret"
        echo "sms.outbox = $work/sms-outbox.jsonl"
        if [ "$media" = s3 ]; then
            echo "media.provider = s3"
            echo "media.s3.endpoint = $s3_url"
            echo "media.s3.bucket = $bucket"
            echo "media.s3.access_key_id = $s3_key"
            echo "media.s3.secret_access_key = $s3_secret"
        else
            echo "media.dir = $work/media"
            echo "media.accel_redirect = /_media/"
        fi
        [ -n "${GEQU_CLUSTER_PROPERTIES:-}" ] && printf '%s\n' "$GEQU_CLUSTER_PROPERTIES"
    } > "$dir/gequ.properties"
    # Only the configuration file speaks: GEQU_* variables of the caller's shell would override it.
    env $(env | grep -o '^GEQU_[A-Z0-9_]*' | sed 's/^/-u /') "$build/bin/gequ-server" --config "$dir/gequ.properties" \
        > "$dir/server.log" 2>&1 &
    instance_pids+=($!)
    ports+=("$(waitForLine "$dir/server.log" '^Gequ listening on ' 60 | sed 's/.*://')")
    echo "cluster: gequ-server $i (pid ${instance_pids[-1]}) on 127.0.0.1:${ports[-1]}, data in $dir"
done

# 4. nginx with deploy/nginx.conf: this cluster's ports, paths and bucket instead of the production ones.
mkdir -p "$work/nginx/logs"
servers=""
for p in "${ports[@]}"; do
    servers+="        server 127.0.0.1:$p max_fails=1 fail_timeout=5s;\n"
done
# nginx's workers run as the caller: a checkout may be private to its owner (/root), which www-data cannot read.
user_line="s/^user www-data;/user $(id -un) $(id -gn);/"
[ "$(id -u)" -eq 0 ] || user_line="/^user /d"
sed -e "$user_line" \
    -e "s|^pid /run/nginx.pid;|pid $work/nginx/nginx.pid;|" \
    -e "s|/var/log/nginx/|$work/nginx/logs/|g" \
    -e "/^        server 127.0.0.1:808[1-9]/d" \
    -e "s|^        keepalive 64;|${servers}        keepalive 64;|" \
    -e "s|listen 127.0.0.1:8080;|listen 127.0.0.1:$port;|" \
    -e "s|/srv/gequ/web/dist|$root/web/dist|" \
    -e "s|/srv/gequ/media/|$work/media/|" \
    -e "s|http://127.0.0.1:9000|$s3_url|g" \
    deploy/nginx.conf > "$work/nginx/nginx.conf"
nginx -p "$work/nginx/" -c "$work/nginx/nginx.conf" -t -q
nginx -p "$work/nginx/" -c "$work/nginx/nginx.conf"
nginx_started=1
for _ in $(seq 1 50); do
    [ -s "$work/nginx/nginx.pid" ] && break
    sleep 0.1
done

if [ -n "$ready" ]; then
    {
        echo "url=http://127.0.0.1:$port"
        echo "dir=$work"
        echo "db_url=$db_url"
        echo "s3=$s3_url"
        echo "instance_pids=\"${instance_pids[*]}\""
        echo "instance_ports=\"${ports[*]}\""
        echo "nginx_pid=$(cat "$work/nginx/nginx.pid")"
    } > "$ready.tmp"
    mv "$ready.tmp" "$ready"
fi
echo "cluster: Gequ listening on http://127.0.0.1:$port ($instances instances, media on $media; Ctrl-C stops)"
wait "${instance_pids[@]}" 2>/dev/null || true
