# Sourced by scripts/lib/ensure-*.sh: the one way the scripts install a missing Debian package.
#   apt_install "WHAT NEEDS THEM" PACKAGE...
# Runs `apt-get update`, then `apt-get install` (as root, or through sudo), waiting up to 5 minutes
# for another apt-get to release dpkg's lock. Fails with one line naming the packages when there is
# no root, no sudo or no apt-get, or when the install fails: a test never skips a missing tool.
apt_install() {
    local why="$1"
    shift
    echo "strata: installing $* with apt-get ($why)…" >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "strata: run as root: apt-get update && apt-get install -y $*" >&2
            return 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "strata: no apt-get here; install $* ($why)" >&2
        return 1
    fi
    local wait=(-o DPkg::Lock::Timeout=300)
    if ! { $sudo apt-get "${wait[@]}" update -qq \
        && DEBIAN_FRONTEND=noninteractive $sudo apt-get "${wait[@]}" install -y -qq --no-install-recommends "$@"; } >&2; then
        echo "strata: cannot install $* with apt-get ($why)" >&2
        return 1
    fi
}
