import Foundation
import StrataTestSupport
import Synchronization
import Testing

/// `strata-notifyd` under systemd's `Type=notify` protocol (deploy/systemd/strata-notifyd.service),
/// for real: the built binary is started as systemd starts it, with `NOTIFY_SOCKET` naming a
/// unix datagram socket this test binds and `WATCHDOG_USEC` set, and libsystemd's sd_notify
/// datagrams are read back. (This container has no systemd user manager — `systemd --user`
/// exits at once and `systemd-run --user` finds no bus — so the socket stands in for it.)
@Suite("strata-notifyd speaks sd_notify", .childProcessSlot, .serialized)
struct NotifydSystemdTests {
    @Test("READY=1 once the inbox is watched, WATCHDOG=1 at half of WATCHDOG_USEC, STOPPING=1 on SIGTERM, exit 0")
    func readyWatchdogStopping() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let socket = try NotifySocket(path: home.deletingLastPathComponent().appendingPathComponent("notify").path)
        let received = Received()
        // A pause of 30 s between passes: the pings can only come from inside it.
        let running = try StrataProcess(
            "strata-notifyd", home: home,
            extraEnvironment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "400000", "STRATA_LOG_LEVEL": "info"]
        ).start(["--poll-interval", "30"])

        let pinged = await eventually(within: Patience.childProcess) {
            received.add(socket.receiveWaiting())
            return received.messages.count(where: { $0 == "WATCHDOG=1" }) >= 3
        }
        #expect(pinged, "messages: \(received.messages); stderr: \(running.stderr.snapshot())")
        #expect(received.messages.first == "READY=1", "\(received.messages)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("inbox/new").path), "ready before the inbox")

        running.signal(SIGTERM)
        let outcome = await running.finish(within: Patience.childProcess)
        received.add(socket.receiveWaiting())

        #expect(outcome.status == 0, "\(outcome)")
        let messages = received.messages
        #expect(messages.last == "STOPPING=1", "\(messages)")
        #expect(messages.count(where: { $0 == "READY=1" }) == 1, "\(messages)")
        #expect(messages.count(where: { $0 == "STOPPING=1" }) == 1, "\(messages)")
        #expect(Set(messages) == ["READY=1", "WATCHDOG=1", "STOPPING=1"], "\(messages)")
    }

    @Test("a watchdog meant for another process (WATCHDOG_PID) is no reason to ping: READY=1 and STOPPING=1 only")
    func watchdogForAnotherProcess() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let socket = try NotifySocket(path: home.deletingLastPathComponent().appendingPathComponent("notify").path)
        let received = Received()
        let running = try StrataProcess(
            "strata-notifyd", home: home,
            extraEnvironment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "100000", "WATCHDOG_PID": "1"]
        ).start(["--poll-interval", "0.05"])

        let ready = await eventually(within: Patience.childProcess) {
            received.add(socket.receiveWaiting())
            return received.messages.contains("READY=1")
        }
        #expect(ready, "messages: \(received.messages); stderr: \(running.stderr.snapshot())")
        // A watchdog that is on pings right after READY=1; a notification later, the loop has
        // made passes and pings would have come.
        try Inbox(home: home).drop("n-1.json", #"{"id": "n-1", "kind": "message", "title": "Hi"}"#)
        let delivered = await eventually(within: Patience.childProcess) { running.stdout.snapshot().contains("recorded n-1") }
        #expect(delivered, "\(running.stdout.snapshot())")
        running.signal(SIGTERM)
        let outcome = await running.finish(within: Patience.childProcess)
        received.add(socket.receiveWaiting())

        #expect(outcome.status == 0, "\(outcome)")
        #expect(received.messages == ["READY=1", "STOPPING=1"], "\(received.messages)")
    }
}

extension NotifydSystemdTests {
    @Test(
        "a NOTIFY_SOCKET nobody listens on is one warning per message, in the run's language, and the daemon goes on",
        arguments: [
            ("C.UTF-8", "cannot tell systemd READY=1 (sd_notify error 2); the daemon goes on"),
            ("ja_JP.UTF-8", "systemd に READY=1 を伝えられません（sd_notify エラー 2）。デーモンは動作を続けます"),
        ])
    func socketGone(language: String, warning: String) async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let missing = home.deletingLastPathComponent().appendingPathComponent("no-such-socket").path
        let running = try StrataProcess(
            "strata-notifyd", home: home,
            extraEnvironment: ["NOTIFY_SOCKET": missing, "WATCHDOG_USEC": "100000", "LANG": language]
        ).start(["--poll-interval", "0.05"])
        // The delivery line is in the run's language (`recorded n-1 message: Hi`, `記録: n-1 message: Hi`).
        try Inbox(home: home).drop("n-1.json", #"{"id": "n-1", "kind": "message", "title": "Hi"}"#)
        let delivered = await eventually(within: Patience.childProcess) { running.stdout.snapshot().contains("n-1 message") }
        #expect(delivered, "\(running.stdout.snapshot()) \(running.stderr.snapshot())")
        // Several pings' worth of passes: each failed, one warning for them all.
        try Inbox(home: home).drop("n-2.json", #"{"id": "n-2", "kind": "message", "title": "Again"}"#)
        #expect(await eventually(within: Patience.childProcess) { running.stdout.snapshot().contains("n-2 message") })

        running.signal(SIGTERM)
        let outcome = await running.finish(within: Patience.childProcess)

        #expect(outcome.status == 0, "\(outcome)")
        let lines = outcome.stderrLines
        #expect(lines.filter { $0.contains(warning) }.count == 1, "\(outcome)")
        #expect(lines.filter { $0.contains("WATCHDOG=1") }.count == 1, "\(outcome)")
        #expect(lines.filter { $0.contains("STOPPING=1") }.count == 1, "\(outcome)")
    }
}

/// The datagrams read so far, in order.
private final class Received: Sendable {
    private let list = Mutex<[String]>([])
    var messages: [String] { list.withLock { $0 } }
    func add(_ messages: [String]) { list.withLock { $0 += messages } }
}
