import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `strata-host` with no arguments as a real child process in a pseudo-terminal: the Launcher,
/// a micro-app, and the lifecycle events its signals stand for.
@Suite("strata-host in a terminal", .childProcessSlot)
struct HostTerminalTests {
    @Test("open the Launcher, add a report through Reports, see it listed; TSTP/CONT/USR1/TERM are events; exit 0")
    func launcherAndSignals() async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal()
        let (process, log) = try tty.startHost(home: home, environment: ["STRATA_LOG_LEVEL": "info"])
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }

        try #require(await eventually { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
        // The frame's first line may be read before its last: wait for the whole of it.
        #expect(await eventually { tty.screen.contains("Reports") && tty.screen.contains("Type a number or a name") }, "\(tty.screen)")
        tty.type("reports")
        try #require(await eventually { tty.screen.contains("Case reports, newest first") }, "\(tty.screen)")
        tty.type("add")
        try #require(await eventually { tty.screen.contains("> Patient name") }, "\(tty.screen)")
        for line in ["Hanako Sato", "42", "female", "yes", "from the terminal"] { tty.type(line) }
        try #require(await eventually { tty.screen.contains("Added case report") }, "\(tty.screen)")
        #expect(tty.screen.contains("Hanako Sato"))

        kill(pid, SIGTSTP)
        try #require(await eventually { log.snapshot().contains("event: didEnterBackground") }, "\(log.snapshot())")
        #expect(await eventually { Self.isStopped(pid) }, "the process did not stop itself")
        kill(pid, SIGCONT)
        try #require(await eventually { log.snapshot().contains("event: willEnterForeground") }, "\(log.snapshot())")
        kill(pid, SIGUSR1)
        try #require(await eventually { log.snapshot().contains("event: didReceiveMemoryWarning") }, "\(log.snapshot())")
        kill(pid, SIGTERM)
        try #require(await eventually { !process.isRunning }, "still running after SIGTERM")
        process.waitUntilExit()  // it has ended: this only reaps it
        #expect(process.terminationStatus == 0)
        let text = await log.text()
        for event in ["event: willResignActive", "event: willTerminate", "reason=terminateSignal", "terminated"] {
            #expect(text.contains(event), "\(event) missing:\n\(text)")
        }

        // Nothing written is lost: a fresh process lists the report.
        let listed = try await StrataProcess("strata-host", home: home).run(["reports", "list", "--json"])
        #expect(listed.status == 0 && listed.stdout.contains("Hanako Sato"), "\(listed)")
    }

    /// Whether /proc says the process is stopped (state `T`).
    private static func isStopped(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(close, offsetBy: 2)] == "T"
    }
}
