import Foundation
import Glibc
import StrataCrossCutting

/// Opens a `strata://` URL the way the desktop does: `xdg-open URL` as a child process (found on
/// `PATH`), in a session of its own (no controlling terminal, so a `Terminal=true` handler
/// such as strata-host.desktop gets a terminal emulator), its standard input and output on
/// `/dev/null` (the daemon's standard output carries only notification lines) and its standard
/// error the daemon's. A thread of its own reaps it; nobody waits for it.
struct URLOpener: Sendable {
    /// The daemon's `PATH`, where `xdg-open` is looked for.
    let searchPath: String
    /// Where a missing `xdg-open` or a failed start is said (one line each time).
    let output: OutputSink

    /// `xdg-open`'s path on ``searchPath``, or `nil`.
    func xdgOpen() -> String? {
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let path = "\(folder)/xdg-open"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Starts `xdg-open url`; says why on standard error when it cannot.
    func open(_ url: String) {
        guard let program = xdgOpen() else {
            output.err(
                localized(
                    "\(NotifydCommand.programName): cannot open \(url): xdg-open is not on PATH (install xdg-utils)",
                    ja: "\(NotifydCommand.programName): \(url) を開けません: PATH に xdg-open がありません（xdg-utils をインストールしてください）"))
            return
        }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        // glibc's POSIX_SPAWN_SETSID (0x80; Swift does not import the macro): setsid() in the child.
        posix_spawnattr_setflags(&attributes, 0x80)
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup(url)]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, &attributes, arguments + [nil], environ)
        guard result == 0 else {
            output.err(
                localized(
                    "\(NotifydCommand.programName): cannot start \(program) \(url): \(String(cString: strerror(result)))",
                    ja: "\(NotifydCommand.programName): \(program) \(url) を起動できません: \(String(cString: strerror(result)))"))
            return
        }
        let child = pid
        BlockingLane.shared.start {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
    }
}
