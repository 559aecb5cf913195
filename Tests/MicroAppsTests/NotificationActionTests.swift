import Foundation
import StrataContainer
import StrataContainerTesting
import StrataDomain
import Testing

/// A desktop notification's **Open** reaches the host as `strata://notifications/<id>/open?action=…`:
/// the app's `handleAction` hook (the seed's `handleActionWithIdentifier`) runs first, and the
/// Notifications micro-app acts only when it says `continue`.
@Suite("a notification's action from the desktop goes through the handleAction hook")
struct NotificationActionTests {
    @Test("open?action=default: the hook sees the action and the id, then the notification is read")
    func hookThenRead() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        _ = try await harness.domain.notifications.record(
            IncomingNotification(id: "n-1", kind: "message", title: "Hi", reportId: report.objectId))
        let (container, captured) = try await harness.bootScripted()

        try await container.open(try #require(URL(string: "strata://notifications/n-1/open?action=default")))
        await container.terminate(.quit)

        #expect(captured.console.failures.isEmpty, "\(captured.console.failures)")
        #expect(harness.doubles.recorder.entries(startingWith: "hook.handleAction") == ["hook.handleAction(default, n-1)"])
        #expect(try await harness.domain.notifications.list(unreadOnly: true).isEmpty)
    }

    @Test("a hook that handles the action itself (returnYes) leaves the notification unread")
    func hookTakesOver() async throws {
        let harness = try await MicroAppHarness()
        _ = try await harness.domain.notifications.record(IncomingNotification(id: "n-2", kind: "message", title: "Hi"))
        harness.doubles.appDelegate.setResult(.returnYes, for: "handleAction")
        let (container, _) = try await harness.bootScripted()

        try await container.open(try #require(URL(string: "strata://notifications/n-2/read?action=open")))
        await container.terminate(.quit)

        #expect(harness.doubles.recorder.entries(startingWith: "hook.handleAction") == ["hook.handleAction(open, n-2)"])
        #expect(try await harness.domain.notifications.list(unreadOnly: true).map(\.notificationId) == ["n-2"])
    }

    @Test("without action= the hook is not asked")
    func noActionNoHook() async throws {
        let harness = try await MicroAppHarness()
        _ = try await harness.domain.notifications.record(IncomingNotification(id: "n-3", kind: "message", title: "Hi"))
        let (container, _) = try await harness.bootScripted()

        try await container.open(try #require(URL(string: "strata://notifications/n-3/read")))
        await container.terminate(.quit)

        #expect(harness.doubles.recorder.entries(startingWith: "hook.handleAction").isEmpty)
        #expect(try await harness.domain.notifications.list(unreadOnly: true).isEmpty)
    }
}
