# Sourced by scripts/*: makes sure the Debian tools the tests run for real are installed
# (curl and openssl for the TLS tests, nginx and systemd's systemd-analyze for the deployment
# files, desktop-file-utils and xdg-utils for the strata:// desktop file and scripts/install),
# installing the missing ones with apt-get (as root, or through sudo). A test never skips a
# missing tool: it fails naming the package. ensure_libsystemd (the build needs it) runs first.
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"

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
    apt_install "the tests run them" "${missing[@]}"
}

# Makes sure libsystemd's development files (Debian's libsystemd-dev: sd-daemon.h, libsystemd.so
# and its pkg-config file) are installed, as ensure_sqlite does for SQLite: strata-notifyd's
# CSystemd module links them, so every script that builds runs this first.
ensure_libsystemd() {
    if pkg-config --exists libsystemd 2>/dev/null && [ -f /usr/include/systemd/sd-daemon.h ]; then
        return 0
    fi
    apt_install "libsystemd's development files are missing: strata-notifyd's CSystemd links them" libsystemd-dev pkg-config
}

# Makes sure libsecret is installed (Debian's libsecret-1-dev, which brings libsecret-1.so.0):
# nothing links it any more — StrataSecretService loads it with dlopen the first time the Secret
# Service is asked (Modules/SecretService/Libsecret.swift) — but the keyring tests reach a real
# gnome-keyring through it, so every script that builds runs this beside ensure_libsystemd.
ensure_libsecret() {
    if pkg-config --exists libsecret-1 2>/dev/null && [ -f /usr/include/libsecret-1/libsecret/secret.h ]; then
        return 0
    fi
    apt_install "libsecret is missing: StrataSecretService loads it (libsecret-1.so.0) to reach the Secret Service" \
        libsecret-1-dev pkg-config
}

# Makes sure the real Secret Service the data-key tests run is installed: gnome-keyring (the
# daemon), libsecret-tools (secret-tool, to look the key up), dbus (a private session bus:
# dbus-daemon and dbus-send), and libsecret-1-dev for the build (ensure_libsecret).
ensure_secret_service() {
    ensure_libsecret || return 1
    local missing=() pair tool package
    for pair in gnome-keyring-daemon:gnome-keyring secret-tool:libsecret-tools dbus-daemon:dbus dbus-send:dbus; do
        tool="${pair%%:*}"
        package="${pair##*:}"
        command -v "$tool" >/dev/null 2>&1 || [[ " ${missing[*]} " == *" $package "* ]] || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    apt_install "the data-key tests run a private Secret Service" "${missing[@]}"
}
