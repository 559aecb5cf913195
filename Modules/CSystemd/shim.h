// libsystemd's service-manager notification API (Debian's libsystemd-dev), wrapped for Swift:
// strata-notifyd tells systemd it is ready, alive (the watchdog) and stopping through it.
#include <systemd/sd-daemon.h>
