# Sourced by scripts/*: makes sure SQLite's development files (Debian's libsqlite3-dev) are
# installed, installing them with apt-get when missing (as root, or through sudo).
ensure_sqlite() {
    if pkg-config --exists sqlite3 2>/dev/null || [ -f /usr/include/sqlite3.h ]; then
        return 0
    fi
    echo "strata: SQLite development files are missing; installing libsqlite3-dev with apt-get…" >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            echo "strata: run as root: apt-get update && apt-get install -y libsqlite3-dev pkg-config" >&2
            return 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "strata: no apt-get here; install SQLite 3 development files (sqlite3.h, libsqlite3.so) and pkg-config" >&2
        return 1
    fi
    $sudo apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libsqlite3-dev pkg-config >&2
}
