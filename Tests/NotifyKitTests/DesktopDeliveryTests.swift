import Foundation
import StrataDomain
import Synchronization
import Testing

@testable import StrataNotifyKit

@Suite("Desktop delivery")
struct DesktopDeliveryTests {
    @Test("a notification recorded now is a line and shown on the desktop; a duplicate is a line only")
    func recordedIsShownDuplicateIsNot() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let desktop = RecordingDesktop()
        let processor = InboxProcessor(
            inbox: fixture.inbox, notifications: fixture.domain.notifications,
            delivery: DesktopDelivery(lines: fixture.delivery, desktop: desktop), clock: fixture.clock,
            logger: InboxFixture.logger)
        try fixture.drop("1.json", #"{"id": "n-1", "kind": "message", "title": "Hello"}"#)
        try fixture.drop("2.json", #"{"id": "n-1", "kind": "message", "title": "Again"}"#)

        _ = try await processor.drain()

        #expect(fixture.delivery.lines == ["recorded n-1 message: Hello", "duplicate n-1 (already recorded)"])
        #expect(desktop.shown.map(\.notificationId) == ["n-1"])
        #expect(desktop.shown.first?.title == "Hello")
    }

    @Test("the body's markup characters are escaped and its line breaks kept; control characters become spaces")
    func hostileTextIsEscaped() {
        var record = NotificationRecord()
        record.notificationId = "n-1"
        record.kind = "message"
        record.title = "Hi\u{1B}[2J <b>there</b>\nsecond"
        record.body = "a & b <img src=x> c\u{7}d\nline two"

        let content = DesktopContent(record, todayStart: InboxFixture.now)

        #expect(content.summary == "Hi [2J <b>there</b> second")
        #expect(content.body == "a &amp; b &lt;img src=x&gt; c d\nline two")
        #expect(content.urgency == 1)
    }

    @Test("long titles and bodies are cut (an ellipsis last) before escaping; an empty title reads Strata")
    func limits() {
        var record = NotificationRecord()
        record.notificationId = "n-1"
        record.title = String(repeating: "t", count: 500)
        record.body = String(repeating: "<", count: 5000)

        let content = DesktopContent(record, todayStart: InboxFixture.now)

        #expect(content.summary.count == DesktopContent.summaryLimit && content.summary.hasSuffix("…"))
        #expect(content.body == String(repeating: "&lt;", count: DesktopContent.bodyLimit - 1) + "…")
        record.title = " \n "
        #expect(DesktopContent(record, todayStart: InboxFixture.now).summary == "Strata")
    }

    @Test("an overdue follow-up is critical; one due today or later, and a message, are normal")
    func urgency() {
        var record = NotificationRecord()
        record.notificationId = "n-1"
        record.kind = "follow-up-due"
        let today = InboxFixture.now
        record.dueDate = today.addingTimeInterval(-1)
        #expect(DesktopContent(record, todayStart: today).urgency == 2)
        record.dueDate = today
        #expect(DesktopContent(record, todayStart: today).urgency == 1)
        record.dueDate = nil
        #expect(DesktopContent(record, todayStart: today).urgency == 1)
        record.kind = "message"
        record.dueDate = today.addingTimeInterval(-86_400)
        #expect(DesktopContent(record, todayStart: today).urgency == 1)
    }

    @Test("Open opens strata://notifications/<id>/open with a report, …/read without; the id percent-encoded")
    func urls() {
        var record = NotificationRecord()
        record.notificationId = "n 1/é?"
        #expect(DesktopContent(record, todayStart: InboxFixture.now).url == "strata://notifications/n%201%2F%C3%A9%3F/read")
        record.notificationId = "n-1"
        record.reportId = "r-9"
        #expect(DesktopContent(record, todayStart: InboxFixture.now).url == "strata://notifications/n-1/open")
    }

    @Test("the id map forgets the oldest past its limit and gives each entry once")
    func idMap() {
        var map = DesktopIdMap()
        for id in 1...UInt32(DesktopIdMap.limit + 10) {
            map.remember(id, DesktopIdMap.Entry(notificationId: "n-\(id)", url: "u"))
        }
        #expect(map.count == DesktopIdMap.limit)
        #expect(map.take(1) == nil)
        #expect(map.take(UInt32(DesktopIdMap.limit + 10))?.notificationId == "n-\(DesktopIdMap.limit + 10)")
        #expect(map.take(UInt32(DesktopIdMap.limit + 10)) == nil)
    }
}

/// A desktop that keeps what it was asked to show.
final class RecordingDesktop: DesktopNotifications {
    private let stored = Mutex<[NotificationRecord]>([])
    var shown: [NotificationRecord] { stored.withLock { $0 } }
    var serverName: String { "recording" }
    func show(_ record: NotificationRecord) { stored.withLock { $0.append(record) } }
    func close() async {}
}
