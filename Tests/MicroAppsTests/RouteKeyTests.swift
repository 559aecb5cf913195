import Foundation
import StrataContainer
import StrataDomain
import Testing

@Suite("each micro-app route refuses a query key it does not accept, naming it and the accepted ones")
struct RouteKeyTests {
    /// Opens `url` on a scripted container and returns the one failure the micro-app recorded.
    private func failure(opening url: String, _ harness: MicroAppHarness) async throws -> ContainerError {
        let (container, captured) = try await harness.bootScripted()
        try await container.open(try #require(URL(string: url)))
        await container.terminate(.quit)
        #expect(captured.text.isEmpty, "\(url) wrote \(captured.text)")
        #expect(captured.console.failures.count == 1, "\(url)")
        return try #require(captured.console.failures.first as? ContainerError, "\(url)")
    }

    @Test(
        "Reports: list, new, show, edit and delete",
        arguments: [
            ("strata://reports?serch=sato", "strata://reports: unknown parameter 'serch'; accepted: search, page, pageSize, scope, format"),
            ("strata://reports/list?size=2", "strata://reports/list: unknown parameter 'size'; accepted: search, page, pageSize, scope, format"),
            (
                "strata://reports/new?patientName=B&age=3&mmo=x&bogus=1",
                "strata://reports/new: unknown parameters 'bogus', 'mmo'; accepted: \(reportFieldKeys)"
            ),
            ("strata://reports/r-1?json=1", "strata://reports/<id>: unknown parameter 'json'; accepted: format"),
            (
                "strata://reports/r-1/edit?name=B",
                "strata://reports/<id>/edit: unknown parameter 'name'; accepted: \(reportFieldKeys)"
            ),
            ("strata://reports/r-1/delete?force=yes", "strata://reports/<id>/delete: unknown parameter 'force'; accepted: format"),
        ])
    func reportsRoutes(url: String, message: String) async throws {
        let harness = try await MicroAppHarness()
        let error = try await failure(opening: url, harness)
        #expect(error.code == .unknownParameter)
        #expect(error.message == message)
        #expect(try await harness.domain.reports.list(.first).isEmpty)
    }

    @Test(
        "FollowUps: list, new, due, overdue and done",
        arguments: [
            ("strata://follows?reprot=r-1", "strata://follows: unknown parameter 'reprot'; accepted: report, format"),
            ("strata://follows/list?x=1", "strata://follows/list: unknown parameter 'x'; accepted: report, format"),
            (
                "strata://follows/new?report=r-1&date=2026-12-01&maxbp=140",
                "strata://follows/new: unknown parameter 'maxbp'; accepted: report, date, maxBp, minBp, medication, memo, format"
            ),
            ("strata://follows/due?day=7", "strata://follows/due: unknown parameter 'day'; accepted: days, from, to, format"),
            ("strata://follows/overdue?days=7", "strata://follows/overdue: unknown parameter 'days'; accepted: format"),
            ("strata://follows/f-1/done?at=now", "strata://follows/<id>/done: unknown parameter 'at'; accepted: format"),
        ])
    func followUpsRoutes(url: String, message: String) async throws {
        let harness = try await MicroAppHarness()
        let error = try await failure(opening: url, harness)
        #expect(error.code == .unknownParameter)
        #expect(error.message == message)
        #expect(try await harness.domain.followUps.list(reportID: nil).isEmpty)
    }

    @Test(
        "Notifications (list, read, open) and About",
        arguments: [
            ("strata://notifications?unred=true", "strata://notifications: unknown parameter 'unred'; accepted: unread, format"),
            ("strata://notifications/n-1/read?all=1", "strata://notifications/<id>/read: unknown parameter 'all'; accepted: action, format"),
            ("strata://notifications/n-1/open?tab=2", "strata://notifications/<id>/open: unknown parameter 'tab'; accepted: action, format"),
            ("strata://about?verbose=1", "strata://about: unknown parameter 'verbose'; accepted: format"),
        ])
    func notificationsAndAboutRoutes(url: String, message: String) async throws {
        let harness = try await MicroAppHarness()
        _ = try await harness.domain.notifications.record(IncomingNotification(id: "n-1", kind: "message", title: "Hi"))
        let error = try await failure(opening: url, harness)
        #expect(error.code == .unknownParameter)
        #expect(error.message == message)
        #expect(try await harness.domain.notifications.list(unreadOnly: true).count == 1)
    }

    @Test("the accepted keys still work, and format is accepted everywhere")
    func acceptedKeysWork() async throws {
        let harness = try await MicroAppHarness()
        let (container, captured) = try await harness.bootScripted()
        for url in [
            "strata://reports/new?patientName=B&age=3&gender=female&follow=yes&memo=m&format=json",
            "strata://reports?search=B&page=1&pageSize=5&format=json", "strata://follows/due?days=3&format=json",
            "strata://follows/overdue?format=json", "strata://notifications?unread=true&format=json", "strata://about?format=json",
        ] {
            try await container.open(try #require(URL(string: url)))
        }
        await container.terminate(.quit)
        #expect(captured.console.failures.isEmpty, "\(captured.console.failures)")
        #expect(try await harness.domain.reports.list(.first).first?.memo == "m")
    }
}

@Suite("what a person types is echoed safely")
struct EchoTests {
    @Test("control characters typed at a screen are shown escaped in Unknown command, never raw")
    func controlCharactersAreEscaped() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        await harness.type("\u{1B}[2Jboom", into: container)
        #expect(harness.screen.contains(#"No micro-app '\u{1B}[2Jboom'"#), "\(harness.screen)")
        for app in ["reports", "followups", "notifications", "about"] {
            await harness.type("home", app, "fly\u{7}\u{1B}]0;pwned\u{7}", into: container)
            #expect(harness.screen.contains(#"Unknown command 'fly\u{7}\u{1B}]0;pwned\u{7}'"#), "\(app): \(harness.screen)")
            #expect(!harness.screen.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(app)")
        }
        await container.terminate(.quit)
    }
}
