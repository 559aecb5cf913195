import Foundation

/// How long a test waits for something another process does: the one bound every wait for a
/// child process, a server, a file or a socket uses (``eventually(within:every:_:)``,
/// ``StrataProcess/Running/finish(within:)``, ``TestServer``'s waits), so that no test fails
/// because the machine is slow.
///
/// The bound is only reached when the condition never comes (a real failure): a wait polls and
/// returns as soon as the condition holds, so a generous bound costs nothing on a passing run.
/// It is well above the loaded case (a debug build on 2 cores beside two CPU hogs, `stress -c 2`,
/// takes a few seconds where an idle machine takes milliseconds). A test that asserts that
/// something does NOT happen within a window keeps its own short window, and says so.
public enum Patience {
    /// The bound for a condition a child process, a server, a file or a socket brings about:
    /// 180 seconds, or `STRATA_TEST_PATIENCE_SECONDS` when set (a whole number of seconds, for a
    /// slower machine).
    ///
    /// Why not less: the whole test binary starts about 1,500 tests at once on Swift's
    /// cooperative pool, two threads on the 2-core CI machine, so in the first minutes a test
    /// whose condition needs several timer wake-ups in a row (a daemon's retries, watchdog pings,
    /// a screen redrawn after a status) waits behind the rest of the queue each time: trivial
    /// tests there report 80 s or more. 60 s failed four such waits (issue 29's first run).
    public static let childProcess: Duration = {
        if let text = ProcessInfo.processInfo.environment["STRATA_TEST_PATIENCE_SECONDS"], let seconds = Int(text),
            seconds > 0
        {
            return .seconds(seconds)
        }
        return .seconds(180)
    }()

    /// The grace between SIGTERM and SIGKILL for a helper a test started (a session bus, a
    /// keyring, an X server) and stops when it is done, without checking how it ends: 5 seconds.
    /// A wait for something the test asserts uses ``childProcess``; a teardown that waited that
    /// long for a daemon which ignores SIGTERM (dbus-daemon with a keyring on it does) cost a
    /// minute a test.
    public static let teardown: Duration = .seconds(5)

    /// ``childProcess`` in seconds, for the waits that take a `TimeInterval`
    /// (``StrataProcess/run(_:stdin:shellPrefix:timeout:)``).
    public static var childProcessSeconds: Double {
        Double(childProcess.components.seconds)
    }
}
