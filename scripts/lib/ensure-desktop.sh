# Sourced by scripts/test: makes sure the desktop the notification tests run for real is installed
# (DesktopNotificationTests): a session bus (dbus-daemon, and dbus-send to forge signals on it), a
# notification server and its control tool (dunst, dunstctl), an X server without a screen (Xvfb)
# for dunst to draw on, a screenshot tool (ImageMagick's import), and xdg-open for the Open action.
# Missing ones are installed with apt-get (as root, or through sudo); a test never skips a missing
# tool: it fails naming the package.
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"

ensure_desktop() {
    local missing=() pair tool package
    for pair in dbus-daemon:dbus-daemon dbus-send:dbus-bin dunst:dunst dunstctl:dunst Xvfb:xvfb import:imagemagick \
        xdg-open:xdg-utils xdg-mime:xdg-utils; do
        tool="${pair%%:*}"
        package="${pair##*:}"
        command -v "$tool" >/dev/null 2>&1 || [[ " ${missing[*]} " == *" $package "* ]] || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    apt_install "the desktop notification tests run them" "${missing[@]}"
}
