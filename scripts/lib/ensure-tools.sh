# Sourced by scripts/*: makes sure the Debian tools the tests run for real are installed
# (curl and openssl for the TLS tests, nginx and systemd's systemd-analyze for the deployment
# files), installing the missing ones with apt-get (as root, or through sudo). A test never skips
# a missing tool: it fails naming the package.
ensure_tools() {
    local missing=() pair tool package
    for pair in curl:curl openssl:openssl nginx:nginx systemd-analyze:systemd; do
        tool="${pair%%:*}"
        package="${pair##*:}"
        command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing+=("$package")
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
