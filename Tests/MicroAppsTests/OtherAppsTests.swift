import Foundation
import StrataContainer
import StrataDomain
import Testing

@Suite("FollowUps, Notifications and About micro-apps")
struct OtherAppsTests {
    @Test("follow-ups: due today and overdue are listed; done N marks one done through the domain")
    func followUpsDueAndDone() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let today = try await harness.domain.followUps.schedule(FollowUpDraft(caseReportID: report.objectId!, date: MicroAppHarness.now))
        _ = try await harness.domain.followUps.schedule(
            FollowUpDraft(caseReportID: report.objectId!, date: MicroAppHarness.now.addingTimeInterval(-86_400 * 3)))
        let container = try await harness.boot()
        await harness.type("followups", into: container)
        #expect(harness.screen.contains("Due today (2026-11-22)"))
        #expect(harness.screen.contains("Overdue"))
        #expect(harness.screen.contains("2026-11-19"))
        await harness.type("done 1", into: container)
        #expect(try await harness.domain.followUps.list(reportID: nil).first { $0.objectId == today.objectId }?.isDone == true)
        await container.terminate(.quit)
    }

    @Test("follow-ups: schedule asks the fields and saves; scripted due writes the table")
    func followUpsSchedule() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let container = try await harness.boot()
        await harness.type("followups", "schedule \(report.objectId!)", "", "", "140", "90", "ace", "", into: container)
        let saved = try #require(try await harness.domain.followUps.list(reportID: nil).first)
        #expect(saved.maxBloodPressure == 140 && saved.ace)
        let captured = CapturedConsole()
        await container.context.registerService(captured.console, name: ConsoleService.serviceName)
        try await container.open(URL(string: "strata://follows/due")!)
        #expect(captured.text.contains("Hanako Sato"))
        await container.terminate(.quit)
    }

    @Test("notifications: a remote notification reaches the inbox and the screen; open N shows its report")
    func notificationsOpenTheReport() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        var incoming = IncomingNotification(id: "n-1", kind: "message", title: "Call back", body: "about the visit")
        incoming.reportId = report.objectId
        _ = try await harness.domain.notifications.record(incoming)
        let container = try await harness.boot()
        await container.postRemoteNotification(NotificationPayload(identifier: "n-1", title: "Call back"))
        await harness.type("notifications", into: container)
        #expect(harness.screen.contains("[remote] Call back"))
        #expect(harness.screen.contains("n-1"))
        await harness.type("open 1", into: container)
        #expect(await container.context.currentApplication?.name == "Reports")
        #expect(harness.screen.contains("patient  Hanako Sato"))
        #expect(try await harness.domain.notifications.list(unreadOnly: true).isEmpty)
        await container.terminate(.quit)
    }

    @Test("about: the boot report's seven stages and each service's state")
    func aboutShowsTheBootReport() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        await harness.type("about", into: container)
        for stage in BootStage.allCases { #expect(harness.screen.contains(stage.rawValue), "\(stage)") }
        #expect(harness.screen.contains("domain") && harness.screen.contains("started"))
        await container.terminate(.quit)
    }
}
