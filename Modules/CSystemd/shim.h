// libsystemd (Debian's libsystemd-dev), wrapped for Swift:
// - sd-daemon.h: strata-notifyd tells systemd it is ready, alive (the watchdog) and stopping;
// - sd-bus.h: strata-notifyd shows notifications on the desktop through the freedesktop
//   Notifications D-Bus API on the session bus, and hears their actions and closes.
#include <systemd/sd-daemon.h>
#include <systemd/sd-bus.h>
