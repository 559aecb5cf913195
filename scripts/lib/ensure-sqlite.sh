# Sourced by scripts/*: makes sure SQLite's development files (Debian's libsqlite3-dev) are
# installed, installing them with apt-get when missing (as root, or through sudo).
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"

ensure_sqlite() {
    if pkg-config --exists sqlite3 2>/dev/null || [ -f /usr/include/sqlite3.h ]; then
        return 0
    fi
    apt_install "SQLite's development files are missing: the build links libsqlite3" libsqlite3-dev pkg-config
}
