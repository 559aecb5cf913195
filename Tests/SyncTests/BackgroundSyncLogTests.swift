import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataSession
import StrataTestSupport
import Synchronization
import Testing

import StrataStore
@testable import StrataSync

/// What the background loop logs when a sync fails: the engine's readable sentence, never a
/// Swift dump of its internal errors (`RetriesExhausted(failure: StrataSync.SyncFailure…)`).
@Suite("Sync engine: the background loop logs failures as readable sentences")
struct BackgroundSyncLogTests {
    /// Keeps every entry's message and metadata.
    final class Captured: Sendable {
        let entries = Mutex<[(message: String, metadata: [String: String])]>([])
        var all: [(message: String, metadata: [String: String])] { entries.withLock { $0 } }

        struct Handler: LogHandler {
            let captured: Captured
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }
            func log(event: LogEvent) {
                let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
                captured.entries.withLock {
                    $0.append(("\(event.message)", merged.mapValues { "\($0)" }))
                }
            }
        }
    }

    @Test("a failure that ran out of retries reads as a sentence wherever it is printed")
    func retriesExhaustedDescription() {
        let error = RetriesExhausted(failure: .network("connection refused (is the server running?)"), doing: "register this device", attempts: 4)
        #expect(
            "\(error)" == "cannot reach the sync server to register this device: connection refused (is the server running?) (tried 4 times)",
            "\(error)")
    }

    @Test("a push that runs out of retries is logged as 'cannot reach the sync server … to send 2 changes', not a dump")
    func retriesExhaustedIsReadable() async throws {
        let captured = Captured()
        let logger = Logger(label: "test") { _ in Captured.Handler(captured: captured) }
        let server = SyncTestServer()
        let clock = TestClock()
        let configuration = SyncConfiguration(
            serverURL: SyncHarness.server, appID: "strata", appVersion: "1", appKey: "key", deviceID: "device-1",
            maxAttempts: 4, pollInterval: 0.05)
        let data = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: clock)
        let sync = SyncFactory.live(
            data: data, configuration: configuration, transport: server, logger: logger, clock: clock, sleep: { _ in })
        try await data.store.register(SyncVisit.self)
        try await data.session.save(
            AuthInfo(userID: "u1", account: "u1@example.org", groups: [], token: "t", validUntil: clock.now().addingTimeInterval(3600)))
        _ = try await data.store.save([SyncVisit(patient: "a", ward: 1), SyncVisit(patient: "b", ward: 2)])
        // Four failures (the retries run out), then the server is back.
        server.scriptPushes([.networkDown, .networkDown, .networkDown, .networkDown] + Array(repeating: .applyAll, count: 20))
        sync.start()
        defer { sync.stop() }
        let deadline = Date().addingTimeInterval(Patience.childProcessSeconds)
        var failed: (message: String, metadata: [String: String])?
        while failed == nil, Date() < deadline {
            failed = captured.all.first { $0.message.hasPrefix("background sync failed") }
            if failed == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let entry = try #require(failed, "no 'background sync failed' entry: \(captured.all)")
        let error = try #require(entry.metadata["error"])
        #expect(
            error == "cannot reach the sync server http://127.0.0.1:9 to send 2 changes: "
                + "network error (StrataSyncTests.SyncTestServer.Down) (tried 4 times)",
            "\(error)")
        for each in captured.all {
            for text in [each.message] + Array(each.metadata.values) {
                #expect(!text.contains("RetriesExhausted(") && !text.contains("SyncFailure."), "\(each)")
            }
        }
    }
}
