# Sourced by scripts/lib/*: ties a throwaway server's life to another process.
#
#   when_owner_exits PID COMMAND…   runs COMMAND in the background once process PID has exited,
#                                   however it exits (a crashed or killed test process too)
when_owner_exits() {
    local owner="$1"
    shift
    (
        trap '' HUP INT
        tail --pid="$owner" -f /dev/null 2>/dev/null
        "$@"
    ) </dev/null >/dev/null 2>&1 &
    disown
}
