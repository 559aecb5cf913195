# Sourced by scripts/*: a throwaway PostgreSQL cluster for tests, owned by an unprivileged user.
#
#   ensure_postgres            finds initdb (Debian's /usr/lib/postgresql/*/bin), installing
#                              Debian's `postgresql` with apt-get when it is missing; sets PG_BIN
#   postgres_start DIR [PID]   initdb into DIR (a new folder), start on a free loopback port,
#                              wait until it answers, create role and database `strata`; prints
#                              `url=postgres://strata:…@127.0.0.1:PORT/strata?sslmode=disable`,
#                              `bin=PG_BIN` and `ca=` (the server's self-signed TLS certificate,
#                              for 127.0.0.1 and localhost: it also takes TLS connections).
#                              With PID: a watcher stops the server and removes DIR when PID exits.
#                              It preloads pg_stat_statements when installed (the statement-plan
#                              tests read it). Tests run it with fsync=off and full_page_writes=off (fast, not
#                              safe against a power cut; a crash of PostgreSQL alone loses nothing
#                              committed); STRATA_PG_DURABLE=1 keeps both on (benchmarks: as durable as
#                              the SQLite engine's WAL with synchronous=FULL: a commit is on the disk
#                              before it returns). synchronous_commit stays at its default, on.
#   postgres_crash DIR         stops the cluster in DIR as a crash would (immediate: no checkpoint,
#                              unwritten WAL buffers lost) and starts it again with the same options
#   postgres_stop DIR          stops the server (fast) and removes DIR
source "$(dirname "${BASH_SOURCE[0]}")/owner.sh"

# The server runs as this user: PostgreSQL refuses to run as root.
PG_USER="${STRATA_PG_USER:-postgres}"

ensure_postgres() {
    PG_BIN=""
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && PG_BIN="$dir"
    done
    if [ -z "$PG_BIN" ] && command -v initdb >/dev/null 2>&1; then PG_BIN="$(dirname "$(command -v initdb)")"; fi
    [ -n "$PG_BIN" ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "strata: PostgreSQL is missing (no initdb) and there is no apt-get to install it; install PostgreSQL 13 or later" >&2
        return 1
    fi
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "strata: PostgreSQL is missing (no initdb); run as root: apt-get update && apt-get install -y postgresql" >&2
            return 1
        fi
    fi
    echo "strata: PostgreSQL is missing; installing Debian's postgresql with apt-get…" >&2
    if ! { $sudo apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >&2; }; then
        echo "strata: PostgreSQL is missing and 'apt-get install postgresql' failed (see above)" >&2
        return 1
    fi
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && PG_BIN="$dir"
    done
    [ -n "$PG_BIN" ] || { echo "strata: installed postgresql but found no initdb under /usr/lib/postgresql/*/bin" >&2; return 1; }
}

# Runs a command as $PG_USER when we are root (the cluster's files belong to that user).
as_pg_user() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u "$PG_USER" -- "$@"; else "$@"; fi
}

postgres_start() {
    local dir="$1" owner="${2:-}"
    ensure_postgres || return 1
    if [ "$(id -u)" -eq 0 ] && ! id "$PG_USER" >/dev/null 2>&1; then
        echo "strata: no user '$PG_USER' to run PostgreSQL as (root may not); create it or set STRATA_PG_USER" >&2
        return 1
    fi
    mkdir -p "$dir" && chmod 700 "$dir"
    [ "$(id -u)" -eq 0 ] && chown "$PG_USER" "$dir"
    local password
    password="$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
    printf '%s\n' "$password" >"$dir/pw" && chmod 600 "$dir/pw"
    [ "$(id -u)" -eq 0 ] && chown "$PG_USER" "$dir/pw"
    if ! as_pg_user "$PG_BIN/initdb" -D "$dir/data" -U strata --pwfile="$dir/pw" --auth-local=trust \
        --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
        echo "strata: initdb failed: $(tail -1 "$dir/initdb.log")" >&2
        return 1
    fi
    # TLS: a throwaway certificate for 127.0.0.1 and localhost, its own root (printed as ca=), so
    # tests can connect with sslmode=verify-full&sslrootcert=…; plain connections still work.
    if ! command -v openssl >/dev/null 2>&1; then
        echo "strata: openssl is missing (it makes the test cluster's TLS certificate); install Debian's openssl" >&2
        return 1
    fi
    if ! openssl req -x509 -newkey rsa:2048 -nodes -days 7 -subj "/CN=strata test PostgreSQL" \
        -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" -addext "basicConstraints=critical,CA:TRUE" \
        -keyout "$dir/server.key" -out "$dir/server.crt" >"$dir/openssl.log" 2>&1; then
        echo "strata: openssl could not make the test cluster's certificate: $(tail -1 "$dir/openssl.log")" >&2
        return 1
    fi
    chmod 600 "$dir/server.key"
    [ "$(id -u)" -eq 0 ] && chown "$PG_USER" "$dir/server.key" "$dir/server.crt"
    local port attempt started="" durability="-c fsync=off -c full_page_writes=off" statements=""
    [ "${STRATA_PG_DURABLE:-}" = 1 ] && durability="-c fsync=on -c full_page_writes=on"
    # pg_stat_statements (when installed: Debian's postgresql has it) records every statement a
    # database ran, normalised; the statement-plan tests read it after CREATE EXTENSION.
    [ -f "$PG_BIN/../lib/pg_stat_statements.so" ] && statements="-c shared_preload_libraries=pg_stat_statements"
    for attempt in 1 2 3 4 5 6 7 8; do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
        if as_pg_user "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start -o \
            "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir $durability -c max_connections=200 $statements -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key" \
            >/dev/null 2>&1; then
            started=1
            break
        fi
    done
    if [ -z "$started" ]; then
        echo "strata: PostgreSQL did not start: $(tail -1 "$dir/server.log" 2>/dev/null)" >&2
        return 1
    fi
    # -w waited for it; poll until it takes connections on the port too.
    local tries=0
    until "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port"; do
        tries=$((tries + 1))
        [ $tries -gt 300 ] && { echo "strata: PostgreSQL on port $port never became ready" >&2; return 1; }
        sleep 0.1
    done
    if ! as_pg_user "$PG_BIN/psql" -q -h "$dir" -p "$port" -U strata -d postgres -v ON_ERROR_STOP=1 \
        -c "CREATE DATABASE strata" >/dev/null; then
        echo "strata: could not create the test database" >&2
        return 1
    fi
    # Stops the server and removes the folder when the owner exits, however it exits.
    [ -n "$owner" ] && when_owner_exits "$owner" postgres_stop "$dir"
    # Plain by default (sslmode=disable: what the benchmarks measure); TLS tests ask for it.
    echo "url=postgres://strata:$password@127.0.0.1:$port/strata?sslmode=disable"
    echo "bin=$PG_BIN"
    echo "ca=$dir/server.crt"
    echo "dir=$dir"
}

postgres_crash() {
    local dir="$1"
    ensure_postgres >/dev/null 2>&1 || return 1
    # restart reuses the options of the last start (postmaster.opts); immediate is a crash.
    if ! as_pg_user "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m immediate -w -t 60 restart >/dev/null 2>&1; then
        echo "strata: PostgreSQL in $dir did not start again after the crash: $(tail -1 "$dir/server.log" 2>/dev/null)" >&2
        return 1
    fi
}

postgres_stop() {
    local dir="$1"
    [ -d "$dir" ] || return 0
    if [ -f "$dir/data/postmaster.pid" ]; then
        ensure_postgres >/dev/null 2>&1
        as_pg_user "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
}
