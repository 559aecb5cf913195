# Sourced by scripts/*: a throwaway nginx load balancer in front of strata-server instances, built
# from the sample deploy/nginx/strata.conf (one source of truth: what the tests and benchmarks run
# is what Docs/Deploying.md tells operators to run).
#
#   nginx_start DIR PID|"" UPSTREAM…   writes DIR/nginx.conf (the sample with its upstream servers
#                              replaced by UPSTREAM host:port pairs and `listen` on a free loopback
#                              port), starts nginx with everything it writes inside DIR, waits until
#                              it answers, prints `url=http://127.0.0.1:PORT` and `dir=DIR`. With
#                              PID: a watcher stops nginx and removes DIR when PID exits.
#   nginx_stop DIR             stops nginx (fast) and removes DIR
source "$(dirname "${BASH_SOURCE[0]}")/owner.sh"

nginx_binary() {
    if command -v nginx >/dev/null 2>&1; then command -v nginx; elif [ -x /usr/sbin/nginx ]; then echo /usr/sbin/nginx; else
        echo "strata: nginx is missing; install Debian's nginx (scripts/test does)" >&2
        return 1
    fi
}

nginx_start() {
    local dir="$1" owner="$2"
    shift 2
    [ $# -ge 1 ] || { echo "strata: nginx_start needs at least one upstream host:port" >&2; return 64; }
    local nginx sample upstream servers="" port attempt started=""
    nginx="$(nginx_binary)" || return 1
    sample="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/deploy/nginx/strata.conf"
    for upstream in "$@"; do
        # Only a host name or address and a port: nothing else may reach the config.
        if [[ "$upstream" =~ ^[A-Za-z0-9.-]+:[0-9]{1,5}$ ]]; then
            servers+="    server $upstream max_fails=2 fail_timeout=5s;"$'\n'
        else
            echo "strata: not an upstream HOST:PORT: $upstream" >&2
            return 64
        fi
    done
    mkdir -p "$dir" && chmod 755 "$dir"
    local user="" temp
    # Workers run as nobody when nginx starts as root: they write their buffers here.
    [ "$(id -u)" -eq 0 ] && user="user nobody nogroup;"
    for temp in body proxy fastcgi uwsgi scgi; do mkdir -p "$dir/$temp" && chmod 777 "$dir/$temp"; done
    for attempt in 1 2 3 4 5 6 7 8; do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
        # The sample's upstream servers and `listen 80` give way to ours; everything else is as shipped.
        awk -v servers="$servers" -v listen="    listen 127.0.0.1:$port;" '
            /^ *server 127\.0\.0\.1:808[0-9]/ { if (!done) { printf "%s", servers; done = 1 } next }
            /^ *listen 80;/ { print listen; next }
            { print }' "$sample" >"$dir/strata.conf"
        cat >"$dir/nginx.conf" <<CONF
$user
pid $dir/nginx.pid;
error_log $dir/error.log warn;
worker_processes 1;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $dir/body;
    proxy_temp_path $dir/proxy;
    fastcgi_temp_path $dir/fastcgi;
    uwsgi_temp_path $dir/uwsgi;
    scgi_temp_path $dir/scgi;
    include $dir/strata.conf;
}
CONF
        if "$nginx" -p "$dir" -c "$dir/nginx.conf" 2>"$dir/start.log"; then
            started=1
            break
        fi
        grep -q "Address already in use" "$dir/start.log" || break
    done
    if [ -z "$started" ]; then
        echo "strata: nginx did not start: $(tail -1 "$dir/start.log" 2>/dev/null)" >&2
        return 1
    fi
    local tries=0
    until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        tries=$((tries + 1))
        [ $tries -gt 300 ] && { echo "strata: nginx on port $port never answered" >&2; return 1; }
        sleep 0.05
    done
    # Stops the server and removes the folder when the owner exits, however it exits.
    [ -n "$owner" ] && when_owner_exits "$owner" nginx_stop "$dir"
    echo "url=http://127.0.0.1:$port"
    echo "dir=$dir"
}

nginx_stop() {
    local dir="$1" pid
    [ -d "$dir" ] || return 0
    if [ -f "$dir/nginx.pid" ]; then
        pid="$(cat "$dir/nginx.pid" 2>/dev/null || true)"
        if [ -n "$pid" ]; then
            kill -TERM "$pid" 2>/dev/null || true
            local tries=0
            while kill -0 "$pid" 2>/dev/null && [ $tries -lt 100 ]; do sleep 0.05; tries=$((tries + 1)); done
            kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    rm -rf "$dir"
}
