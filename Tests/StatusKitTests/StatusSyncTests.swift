import Foundation
import StrataCrossCutting
import StrataJournal
import StrataPresentation
import StrataStatusKit
import Synchronization
import Testing

@Suite("strata-status sync facts")
struct StatusSyncTests {
    static let synced = SyncStatus.facts(
        connectivity: .online, server: "http://127.0.0.1:8080", pending: 2, rejected: 1,
        lastSyncAt: Date(timeIntervalSince1970: 1_795_339_800))

    func run(_ arguments: [String], sync: SyncStatus?) async -> String {
        let out = Mutex<[String]>([])
        _ = await StrataStatusCLI.main(
            arguments: arguments, environment: [:],
            output: OutputSink(standardOutput: { text in out.withLock { $0.append(text) } }, standardError: { _ in }),
            makeStatus: { _ in StatusSources(domain: nil, sync: sync) })
        return out.withLock { $0.joined(separator: "\n") }
    }

    @Test("the text format appends the sync lines after the counts")
    func textAppendsSyncLines() async {
        let text = await run([], sync: Self.synced)
        #expect(
            text == """
                reports               0
                due today             0
                overdue               0
                unread notifications  0
                (no store yet: nothing recorded)
                sync                  online (http://127.0.0.1:8080)
                pending changes       2
                rejected changes      1
                last sync             2026-11-22T09:30:00Z
                """)
    }

    @Test("the JSON format adds a sync object")
    func jsonAddsSyncObject() async {
        #expect(
            await run(["--format", "json"], sync: Self.synced)
                == #"{"dueToday":0,"overdue":0,"reports":0,"store":"absent","sync":{"connectivity":"online","lastSyncAt":"2026-11-22T09:30:00Z","pending":2,"rejected":1,"server":"http://127.0.0.1:8080"},"unreadNotifications":0}"#
        )
    }

    @Test("not configured reads as such, with a last error when there is one")
    func notConfiguredAndLastError() async {
        #expect(await run([], sync: .notConfigured).contains("sync                  not configured"))
        let failing = SyncStatus.facts(connectivity: .offline, server: "http://x", lastError: "server unreachable")
        let text = await run([], sync: failing)
        #expect(text.contains("last sync             never") && text.contains("last error            server unreachable"))
        #expect(await run(["--format", "json"], sync: .notConfigured).contains(#""sync":{"connectivity":"notConfigured","pending":0,"rejected":0}"#))
    }

    @Test("without sync facts the output is unchanged, and waybar and i3blocks never show them")
    func withoutSyncFactsNothingChanges() async {
        #expect(await !run([], sync: nil).contains("sync"))
        #expect(await !run(["--format", "waybar"], sync: Self.synced).contains("sync"))
        #expect(await !run(["--format", "i3blocks"], sync: Self.synced).contains("sync"))
    }
}
