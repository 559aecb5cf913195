import Foundation

/// The stand-in `x-terminal-emulator` the xdg-open tests put early on `PATH`: xdg-open runs a
/// `Terminal=true` entry (strata-host.desktop) as `x-terminal-emulator -e strata-host open URL`,
/// and no terminal emulator (nor X server) runs in a test. The stub notes how it was called in
/// `$STRATA_TEST_TERMINAL_LOG` (when that is set), then runs the `-e` command itself, as a real
/// one runs it in its window — unless `$STRATA_TEST_TERMINAL_RUN` is `no`: then it only notes
/// it, and the test runs the command in a pseudo-terminal of its own (a window's terminal).
enum StubTerminal {
    /// Writes the stub as `stubs/x-terminal-emulator`, executable.
    static func install(in stubs: URL) throws {
        let stub = stubs.appendingPathComponent("x-terminal-emulator")
        try """
            #!/bin/sh
            # A stand-in terminal emulator: notes how xdg-open called it, then runs the -e command here.
            [ -n "$STRATA_TEST_TERMINAL_LOG" ] && printf '%s\\n' "$*" >> "$STRATA_TEST_TERMINAL_LOG"
            [ "$STRATA_TEST_TERMINAL_RUN" = "no" ] && exit 0
            [ "$1" = "-e" ] && shift
            exec "$@"

            """.write(to: stub, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
    }
}
