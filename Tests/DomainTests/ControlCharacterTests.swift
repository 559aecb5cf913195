import Foundation
import StrataDomain
import Testing

/// Names, ids and other one-line fields refuse every control character; free text keeps only
/// line feeds and tabs. Each refusal is one line naming the field.
@Suite("control characters in input")
struct ControlCharacterTests {
    @Test(
        "a patient name with ESC, NUL, BEL, CR, LF, DEL, C1 or a bidi override is refused naming patientName",
        arguments: ["\u{1B}[2JSato", "\u{00}", "Sato\u{07}", "Sa\rto", "Sa\nto", "Sato\u{7F}", "Sato\u{9B}", "\u{202E}otaS", "Sa\u{2028}to"])
    func nameRefusesControls(name: String) async throws {
        let reports = try await DomainFixture(.inMemory).domain.reports
        let error = await domainError { try await reports.add(CaseReportDraft(patientName: name, age: 3)) }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.hasPrefix("patientName holds the control character U+") == true, "\(String(describing: error))")
        #expect(error?.message.unicodeScalars.contains { $0.value == 0x1B } == false)
        #expect(try await reports.list(.first).isEmpty)
        let saved = try await reports.add(CaseReportDraft(patientName: "Sato", age: 3))
        #expect(await domainError { try await reports.update(id: saved.objectId ?? "", CaseReportChange(patientName: name)) }?.code == .invalidInput)
    }

    @Test("a memo keeps line feeds and tabs, and refuses any other control character naming memo")
    func memoKeepsLines() async throws {
        let fixture = try await DomainFixture(.inMemory)
        let report = try await fixture.domain.reports.add(CaseReportDraft(patientName: "Sato", age: 3, memo: "line one\n\tline two"))
        #expect(report.memo == "line one\n\tline two")
        for memo in ["a\u{1B}[31m", "a\rb", "a\u{00}"] {
            let error = await domainError { try await fixture.domain.reports.add(CaseReportDraft(patientName: "S", age: 3, memo: memo)) }
            #expect(error?.message.hasPrefix("memo holds the control character") == true, "\(String(describing: error))")
            let followUp = await domainError {
                try await fixture.domain.followUps.schedule(FollowUpDraft(caseReportID: report.objectId ?? "", date: testNow, memo: memo))
            }
            #expect(followUp?.message.hasPrefix("memo holds") == true)
        }
    }

    @Test("an empty or control-character id is refused naming the id, never read as 'every report'")
    func emptyIDs() async throws {
        let fixture = try await DomainFixture(.inMemory)
        _ = try await fixture.addReport("Sato")
        let domain = fixture.domain
        #expect(await domainError { try await domain.reports.get(id: "") }?.message.hasPrefix("case report id is empty") == true)
        #expect(await domainError { try await domain.reports.delete(id: " ") }?.code == .invalidInput)
        #expect(await domainError { try await domain.followUps.list(reportID: "") }?.message.hasPrefix("case report id is empty") == true)
        #expect(await domainError { try await domain.followUps.complete(id: "") }?.message.hasPrefix("follow-up id is empty") == true)
        #expect(await domainError { try await domain.reports.get(id: "a\u{1B}b") }?.message.hasPrefix("case report id holds") == true)
        #expect(await domainError { try await domain.notifications.markRead(notificationId: "") }?.code == .invalidInput)
        #expect(await domainError { try await domain.reports.search("a\u{1B}", .first) }?.message.hasPrefix("search text holds") == true)
    }

    @Test("a notification's id, kind and title refuse control characters; its body keeps line feeds and tabs")
    func notifications() async throws {
        let notifications = try await DomainFixture(.inMemory).domain.notifications
        let cases: [(IncomingNotification, String)] = [
            (IncomingNotification(id: "n\u{1B}", kind: "message"), "notification id"),
            (IncomingNotification(id: "n", kind: "message\n"), "notification kind"),
            (IncomingNotification(id: "n", kind: "message", title: "\u{1B}]0;pwned\u{07}"), "notification title"),
            (IncomingNotification(id: "n", kind: "message", body: "a\rb"), "notification body"),
            (IncomingNotification(id: "n", kind: "message", reportId: "r\u{00}"), "notification reportId"),
        ]
        for (notification, field) in cases {
            let error = await domainError { try await notifications.record(notification) }
            #expect(error?.code == .invalidInput)
            #expect(error?.message.hasPrefix("\(field) holds the control character") == true, "\(String(describing: error))")
        }
        #expect(try await notifications.list(unreadOnly: false).isEmpty)
        _ = try await notifications.record(IncomingNotification(id: "n", kind: "message", title: "Hi", body: "one\n\ttwo"))
        #expect(try await notifications.list(unreadOnly: false).map(\.body) == ["one\n\ttwo"])
    }
}
