import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataNotifyKit
import StrataTestSupport

/// A real inbox in a fresh temporary directory, a domain on an in-memory data layer, and a
/// delivery that remembers its lines: everything a NotifyKit test needs.
struct InboxFixture {
    /// The instant every fixture clock reads: 2026-11-20 09:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_165_200)

    let root: URL
    let inbox: Inbox
    let data: any DataLayer
    let domain: any DomainServices
    let delivery = RecordingDelivery()
    let clock = FixedClock(InboxFixture.now)

    /// A prepared inbox over `data` (a fresh, writable in-memory layer by default), with a
    /// domain enriching as `enrichment` says: by default within the tests' patience, since
    /// the 5 s a person waits (`.standard`) was passed by a run beside a full build.
    init(
        data: (any DataLayer)? = nil,
        enrichment: NotificationEnrichmentPolicy = NotificationEnrichmentPolicy(deadline: Patience.childProcess)
    ) async throws {
        let data = if let data { data } else { await DataLayerFactory.inMemory() }
        root = TemporaryRoot.directory("notifykit")
        inbox = try Inbox(url: root.appendingPathComponent("inbox", isDirectory: true)).prepare()
        self.data = data
        domain = try await DomainFactory.make(data: data, clock: clock, enrichment: enrichment)
    }

    /// A processor over this fixture's inbox and domain (or `notifications`, when given).
    func processor(notifications: (any NotificationService)? = nil, stuckFilePause: Double = 1) -> InboxProcessor {
        InboxProcessor(
            inbox: inbox, notifications: notifications ?? domain.notifications, delivery: delivery,
            clock: clock, logger: Self.logger, stuckFilePause: stuckFilePause)
    }

    /// Delivers `text` as a sender must: written into `tmp/`, then renamed into `new/`.
    func drop(_ name: String, _ text: String) throws {
        try drop(name, Data(text.utf8))
    }

    /// Delivers `bytes` as a sender must: written into `tmp/`, then renamed into `new/`.
    func drop(_ name: String, _ bytes: Data) throws {
        let temporary = inbox.tmpURL.appendingPathComponent(name)
        try bytes.write(to: temporary)
        try FileManager.default.moveItem(at: temporary, to: inbox.newURL.appendingPathComponent(name))
    }

    /// The sorted names in one of the inbox folders.
    func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The text of `bad/<name>.reason`.
    func reason(for name: String) throws -> String {
        try String(contentsOf: inbox.badURL.appendingPathComponent(name + Inbox.reasonSuffix), encoding: .utf8)
    }

    /// Every recorded notification, newest first.
    func records() async throws -> [NotificationRecord] {
        try await domain.notifications.list(unreadOnly: false)
    }

    /// Removes the temporary directory.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// A quiet logger (errors only) for the code under test.
    static let logger = StrataLogging.makeLogger(label: "notifykit-tests", level: .critical)
}
