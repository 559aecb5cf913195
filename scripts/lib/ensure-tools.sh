# Sourced by scripts/*: makes sure the Debian tools the tests run for real are installed
# (curl and openssl for the TLS tests, nginx and systemd's systemd-analyze for the deployment
# files, desktop-file-utils and xdg-utils for the strata:// desktop file and scripts/install),
# installing the missing ones with apt-get (as root, or through sudo). A test never skips a
# missing tool: it fails naming the package. ensure_libsystemd (the build needs it) runs first.
ensure_tools() {
    ensure_libsystemd || return 1
    local missing=() pair tool package
    for pair in curl:curl openssl:openssl nginx:nginx systemd-analyze:systemd desktop-file-validate:desktop-file-utils \
        update-desktop-database:desktop-file-utils xdg-open:xdg-utils xdg-mime:xdg-utils; do
        tool="${pair%%:*}"
        package="${pair##*:}"
        command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || [[ " ${missing[*]} " == *" $package "* ]] ||
            missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "strata: installing ${missing[*]} with apt-get (the tests run them)…" >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "strata: run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
            return 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "strata: no apt-get here; install ${missing[*]}" >&2
        return 1
    fi
    $sudo apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# Makes sure libsystemd's development files (Debian's libsystemd-dev: sd-daemon.h, libsystemd.so
# and its pkg-config file) are installed, as ensure_sqlite does for SQLite: strata-notifyd's
# CSystemd module links them, so every script that builds runs this first.
ensure_libsystemd() {
    if pkg-config --exists libsystemd 2>/dev/null && [ -f /usr/include/systemd/sd-daemon.h ]; then
        return 0
    fi
    echo "strata: libsystemd's development files are missing; installing libsystemd-dev with apt-get…" >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "strata: run as root: apt-get update && apt-get install -y libsystemd-dev pkg-config" >&2
            return 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "strata: no apt-get here; install libsystemd's development files (sd-daemon.h, libsystemd.so) and pkg-config" >&2
        return 1
    fi
    $sudo apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libsystemd-dev pkg-config >&2
}
