import Foundation
import StrataAnnouncementsApp
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataJournal
import StrataSession
import Testing

/// The list screens as a key-driven terminal draws them: one selectable row per record whose
/// Enter opens it, the author and sync state of each row, and the tones that colour a row; read
/// from the frames the container draws on a full-screen memory terminal read key by key.
@Suite("list screens in a key-driven terminal")
struct ListLayoutTests {
    /// A running host of the five micro-apps on a full-screen terminal read key by key.
    struct KeyHost {
        let terminal: MemoryTerminal
        let container: any RunningContainer
        let running: Task<Int32, Never>

        /// Boots `harness`'s micro-apps (over `domain`, the harness's unless given) on a
        /// 160×40 terminal and starts reading keys.
        static func boot(
            _ harness: MicroAppHarness, domain: (any DomainServices)? = nil,
            configure: (inout ContainerRegistry, inout ContainerConfiguration) -> Void = { _, _ in }
        ) async throws -> KeyHost {
            let doubles = harness.doubles
            let terminal = MemoryTerminal(fullScreen: true, readsKeys: true, size: TerminalSize(columns: 160, rows: 40))
            let environment = ContainerEnvironment(
                terminal: terminal, events: doubles.events, clock: doubles.clock, process: doubles.process, logger: doubles.logger)
            var registry = harness.registry
            var configuration = MicroAppHarness.configuration
            if let domain {
                // The `domain` service of another type: each type is registered once.
                registry.registerService(type: "OtherDomain") { _ in MicroAppHarness.DomainAdaptor(domain: domain) }
                configuration.services = configuration.services.map {
                    $0.name == "domain" ? ServiceDescriptor(name: "domain", type: "OtherDomain", startsFirst: true) : $0
                }
            }
            configure(&registry, &configuration)
            let outcome = try await StrataFramework.launch(
                delegate: doubles.appDelegate, configuration: configuration, registry: registry,
                environment: environment)
            guard case .running(let container) = outcome else { throw ContainerError(.notRunning, "the launch ended early") }
            await container.render()
            return KeyHost(terminal: terminal, container: container, running: Task { await container.run() })
        }

        /// Types `line` on the command line (`:` is not needed: a word typed is a command) and Enter.
        func type(_ line: String) async throws -> ScreenFrame {
            let drawn = terminal.frames.count
            await container.input(line)
            return try await frame { _ in terminal.frames.count > drawn }
        }

        /// The newest frame once `condition` holds for it (waiting up to 20 s on a loaded machine).
        func frame(_ condition: (ScreenFrame) -> Bool) async throws -> ScreenFrame {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if let last = terminal.frames.last, condition(last) { return last }
                try await Task.sleep(for: .milliseconds(20))
            }
            Issue.record("no frame matched; the last one:\n\(terminal.frames.last?.lines.joined(separator: "\n") ?? "none")")
            throw CancellationError()
        }

        /// Quits and waits for the run loop.
        func quit() async {
            terminal.endInput()
            _ = await running.value
            await container.terminate(.quit)
        }
    }

    /// The rows (not sections) of a frame's list.
    static func rows(_ frame: ScreenFrame) -> [ScreenItem] {
        frame.list?.items.filter(\.isSelectable) ?? []
    }

    @Test("the Reports list has one row per report, newest first; Enter opens the selected row; / searches; ? lists its words")
    func reportRowsOpen() async throws {
        let harness = try await MicroAppHarness()
        let older = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let newer = try await harness.domain.reports.add(CaseReportDraft(patientName: "Taro Yamada", age: 67))
        let host = try await KeyHost.boot(harness)
        var frame = try await host.type("reports")
        frame = try await host.frame { Self.rows($0).count == 2 }
        let rows = Self.rows(frame)
        #expect(rows.map(\.id) == [newer.objectId, older.objectId].compactMap { $0 })
        #expect(rows.map(\.command) == ["show 1", "show 2"])
        #expect(frame.list?.header.last?.hasPrefix("#  PATIENT") == true, "\(frame.list?.header ?? [])")
        host.terminal.press(.down, .enter)
        _ = try await host.frame { $0.lines.joined(separator: "\n").contains("patient  Hanako Sato") }
        host.terminal.press(.escape)
        _ = try await host.frame { Self.rows($0).count == 2 }
        host.terminal.press(.character("/"))
        host.terminal.press(text: "yamada")
        host.terminal.press(.enter)
        frame = try await host.frame { Self.rows($0).count == 1 }
        #expect(Self.rows(frame).first?.id == newer.objectId)
        #expect(frame.lines.contains { $0.contains("matching \"yamada\"") }, "/ sent search TEXT: \(frame.lines)")
        host.terminal.press(.character("?"))
        frame = try await host.frame { $0.lines.joined().contains("open report N") }
        #expect(frame.lines.joined().contains("scope mine|group|all"))
        await host.quit()
    }

    /// The domain with one report's facts replaced (a conflict cannot be made without the
    /// wire's types, which this target does not use).
    struct FactsOverride: DomainServices {
        struct Reports: CaseReportService {
            let base: any CaseReportService
            let override: [String: RecordFacts]
            func add(_ draft: CaseReportDraft) async throws -> CaseReport { try await base.add(draft) }
            func update(id: String, _ change: CaseReportChange) async throws -> CaseReport { try await base.update(id: id, change) }
            func get(id: String) async throws -> CaseReport { try await base.get(id: id) }
            func list(_ page: PageRequest) async throws -> [CaseReport] { try await base.list(page) }
            func search(_ text: String, _ page: PageRequest) async throws -> [CaseReport] { try await base.search(text, page) }
            func delete(id: String) async throws { try await base.delete(id: id) }
            func facts(of reports: [CaseReport]) async throws -> [String: RecordFacts] {
                try await base.facts(of: reports).merging(override) { _, new in new }
            }
        }

        let base: any DomainServices
        let override: [String: RecordFacts]
        var reports: any CaseReportService { Reports(base: base.reports, override: override) }
        var followUps: any FollowUpService { base.followUps }
        var notifications: any NotificationService { base.notifications }
        var status: any StatusService { base.status }
    }

    @Test("a synced, a pending, a rejected and a conflicted report each say so in SYNC and carry the matching tone")
    func reportSyncStates() async throws {
        let harness = try await MicroAppHarness()
        let synced = try await harness.domain.reports.add(CaseReportDraft(patientName: "Synced", age: 40))
        var claimed = try await harness.data.journal.claim(limit: 10)
        try await harness.data.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        let rejected = try await harness.domain.reports.add(CaseReportDraft(patientName: "Rejected", age: 41))
        claimed = try await harness.data.journal.claim(limit: 10)
        try await harness.data.journal.reject(operationID: try #require(claimed.first?.operationID), reason: "403: no")
        let conflicted = try await harness.domain.reports.add(CaseReportDraft(patientName: "Conflicted", age: 42))
        let pending = try await harness.domain.reports.add(CaseReportDraft(patientName: "Pending", age: 43))
        let domain = FactsOverride(
            base: harness.domain, override: [conflicted.objectId ?? "": RecordFacts(authorID: nil, sync: .conflict)])
        let host = try await KeyHost.boot(harness, domain: domain)
        _ = try await host.type("reports")
        let frame = try await host.frame { Self.rows($0).count == 4 }
        #expect(frame.list?.header.last?.contains("AUTHOR") == true && frame.list?.header.last?.contains("SYNC") == true)
        let rows = Dictionary(uniqueKeysWithValues: Self.rows(frame).map { ($0.id, $0) })
        let expected: [(CaseReport, String, ScreenTone?)] = [
            (synced, "synced", nil), (pending, "pending", .pending), (rejected, "rejected", .rejected),
            (conflicted, "conflict", .conflict),
        ]
        for (report, state, tone) in expected {
            let row = try #require(rows[report.objectId ?? ""])
            #expect(row.text.contains(" \(state) "), "\(report.patientName): \(row.text)")
            #expect(row.tone == tone, "\(report.patientName)")
        }
        await host.quit()
    }

    @Test("the AUTHOR column shows the creating user's account name, and — for a report saved while nobody was signed in")
    func reportAuthor() async throws {
        let harness = try await MicroAppHarness()
        let anonymous = try await harness.domain.reports.add(CaseReportDraft(patientName: "Anonymous", age: 40))
        try await harness.data.session.save(
            AuthInfo(
                userID: "5f0c1a2b-0000-4000-8000-000000000001", account: "hanako", groups: [], token: "t",
                validUntil: MicroAppHarness.now.addingTimeInterval(3600)))
        let hers = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hers", age: 41))
        let container = try await harness.boot()
        await harness.type("reports", into: container)
        let lines = harness.doubles.terminal.lastScreen
        #expect(lines.contains { $0.contains("Hers") && $0.contains(" hanako ") && $0.contains(hers.objectId ?? "-") }, "\(lines)")
        #expect(lines.contains { $0.contains("Anonymous") && $0.contains(" — ") && $0.contains(anonymous.objectId ?? "-") }, "\(lines)")
        await container.terminate(.quit)
    }

    @Test("an overdue follow-up has the overdue tone, one due today none; the second table's title is a section; Enter opens the follow-up")
    func overdueFollowUp() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let today = try await harness.domain.followUps.schedule(
            FollowUpDraft(caseReportID: report.objectId ?? "", date: MicroAppHarness.now))
        let late = try await harness.domain.followUps.schedule(
            FollowUpDraft(caseReportID: report.objectId ?? "", date: MicroAppHarness.now.addingTimeInterval(-86_400 * 3)))
        let claimed = try await harness.data.journal.claim(limit: 10)
        try await harness.data.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        let host = try await KeyHost.boot(harness)
        _ = try await host.type("followups")
        var frame = try await host.frame { Self.rows($0).count == 2 }
        let sections = frame.list?.items.filter { !$0.isSelectable } ?? []
        #expect(sections.map(\.text).contains("Overdue") && sections.allSatisfy { $0.command.isEmpty }, "\(sections)")
        #expect(sections.last?.text.hasPrefix("#  DATE") == true, "the second table's header row is a section: \(sections)")
        #expect(frame.list?.header.first == "Due today (2026-11-22)")
        for current in [frame, try await host.type("all")] {
            let byID = Dictionary(uniqueKeysWithValues: Self.rows(current).map { ($0.id, $0) })
            #expect(byID[late.objectId ?? ""]?.tone == .overdue, "\(Self.rows(current))")
            #expect(byID[today.objectId ?? ""] != nil && byID[today.objectId ?? ""]?.tone == nil)
            #expect(Self.rows(current).allSatisfy { $0.command.hasPrefix("show ") })
        }
        frame = try await host.type("due")
        host.terminal.press(.end, .enter)
        _ = try await host.frame { $0.lines.joined(separator: "\n").contains("date") && $0.lines.contains { $0.hasPrefix("Type: done") } }
        _ = try await host.type("done")
        frame = try await host.frame { $0.lines.contains("Marked follow-up \(late.objectId ?? "") done.") }
        #expect(try await harness.domain.followUps.list(reportID: nil).first { $0.objectId == late.objectId }?.isDone == true)
        await host.quit()
    }

    @Test("the Notifications list has one row per recorded notification whose Enter opens it (open N)")
    func notificationRows() async throws {
        let harness = try await MicroAppHarness()
        for id in ["n-1", "n-2"] {
            _ = try await harness.domain.notifications.record(IncomingNotification(id: id, kind: "message", title: "Call \(id)", body: ""))
        }
        let host = try await KeyHost.boot(harness)
        _ = try await host.type("notifications")
        let frame = try await host.frame { Self.rows($0).count == 2 }
        #expect(Set(Self.rows(frame).map(\.id)) == ["n-1", "n-2"])
        #expect(Self.rows(frame).map(\.command) == ["open 1", "open 2"])
        #expect(Self.rows(frame).allSatisfy { $0.text.contains($0.id) })
        await host.quit()
    }

    @Test("the Announcements list has one row per announcement, newest first, and Enter on a row shows it in full")
    func announcementRows() async throws {
        let harness = try await MicroAppHarness()
        let server = AnnouncementsAppTests.PretendServer(
            announcements: [
                AnnouncementsAppTests.announcement("a1", "Ward meeting", from: -1, until: 2, posted: -1),
                AnnouncementsAppTests.announcement("a2", "Flu shots", from: -2, until: 5, posted: -0.5),
            ], now: MicroAppHarness.now)
        let service = try await DomainFactory.announcements(data: harness.data, remote: server, clock: harness.clock)
        let host = try await KeyHost.boot(harness) { registry, configuration in
            AnnouncementsApp.register(into: &registry)
            registry.registerService(type: "Announcements") { _ in AnnouncementsAppTests.Adaptor(base: service) }
            configuration.applications.append(AnnouncementsApp.descriptor())
            configuration.services.append(ServiceDescriptor(name: AnnouncementsApp.serviceName, type: "Announcements", lazy: true))
        }
        _ = try await host.type("announcements")
        let frame = try await host.frame { Self.rows($0).count == 2 }
        #expect(Self.rows(frame).map(\.id) == ["a2", "a1"])
        #expect(Self.rows(frame).map(\.command) == ["show 1", "show 2"])
        host.terminal.press(.down, .enter)
        _ = try await host.frame { $0.lines.contains("About ward meeting.") }
        await host.quit()
    }

    @Test("in Japanese the AUTHOR and SYNC headers and the sync states are Japanese, and ? lists the words in Japanese")
    func japaneseColumns() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let harness = try await MicroAppHarness()
            _ = try await harness.domain.reports.add(CaseReportDraft(patientName: "佐藤花子", age: 42))
            let host = try await KeyHost.boot(harness)
            _ = try await host.type("reports")
            var frame = try await host.frame { Self.rows($0).count == 1 }
            let header = frame.list?.header.last ?? ""
            #expect(header.contains("作成者") && header.contains("同期"), "\(header)")
            #expect(Self.rows(frame).first?.text.contains("送信待ち") == true, "\(Self.rows(frame))")
            host.terminal.press(.character("?"))
            frame = try await host.frame { $0.lines.joined().contains("N 番の症例報告を開く") }
            await host.quit()
        }
    }
}
