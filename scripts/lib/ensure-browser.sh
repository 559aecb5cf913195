# Sourced by scripts/test: makes sure the admin console's real-browser test can run. It needs
# Debian's chromium and chromium-driver (one release: the driver drives only its own browser),
# installed with apt-get when missing (as root, or through sudo), and a Python venv
# .build/browser-venv with a pinned selenium from PyPI (never committed), which runs
# Tests/Browser/admin_console.py. A test never skips a missing browser: it fails naming it.
strata_selenium_version=4.51.0
strata_browser_venv=.build/browser-venv

source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"

ensure_browser() {
    local missing=() pair tool package
    for pair in chromium:chromium chromedriver:chromium-driver; do
        tool="${pair%%:*}"
        package="${pair##*:}"
        # Installed and configured (a half-installed package has the file but does not run).
        if [ ! -x "/usr/bin/$tool" ] || [ "$(dpkg-query -W -f '${Status}' "$package" 2>/dev/null)" != "install ok installed" ]; then
            missing+=("$package")
        fi
    done
    if [ ${#missing[@]} -gt 0 ]; then
        # Both packages together, so the driver and the browser come from the same release.
        apt_install "the admin console's browser test runs them" chromium chromium-driver || return 1
    fi
    local browser driver
    browser=$(dpkg-query -W -f '${Version}' chromium 2>/dev/null || true)
    driver=$(dpkg-query -W -f '${Version}' chromium-driver 2>/dev/null || true)
    if [ -n "$browser" ] && [ "$browser" != "$driver" ]; then
        echo "strata: chromium $browser and chromium-driver $driver differ; install both from one release: apt-get install chromium chromium-driver" >&2
        return 1
    fi
    if ! "$strata_browser_venv/bin/python" -c "import selenium, sys; sys.exit(selenium.__version__ != '$strata_selenium_version')" 2>/dev/null; then
        echo "strata: installing selenium $strata_selenium_version from PyPI into $strata_browser_venv…" >&2
        mkdir -p .build
        rm -rf "$strata_browser_venv"
        if ! { python3 -m venv "$strata_browser_venv" \
            && "$strata_browser_venv/bin/pip" install --quiet --disable-pip-version-check "selenium==$strata_selenium_version"; } >&2; then
            rm -rf "$strata_browser_venv"
            echo "strata: cannot install selenium $strata_selenium_version from PyPI into $strata_browser_venv (python3 -m venv and pip are needed); the browser test needs it" >&2
            return 1
        fi
    fi
}
