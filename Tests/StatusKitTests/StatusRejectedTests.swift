import Foundation
import StrataDomain
import StrataJournal
import StrataPresentation
import StrataStatusKit
import Testing

@Suite("strata-status: rejected changes are a warning state")
struct StatusRejectedTests {
    static let rejected = SyncStatus.facts(connectivity: .online, server: "http://127.0.0.1:8080", pending: 0, rejected: 2)
    static let due = StatusSummary(reports: 1, dueToday: 1, overdue: 0, unreadNotifications: 0)
    static let overdue = StatusSummary(reports: 1, dueToday: 0, overdue: 1, unreadNotifications: 0)

    private func waybarClass(_ summary: StatusSummary, _ sync: SyncStatus?) throws -> String? {
        let line = StatusRenderer.render(summary, storePresent: true, format: .waybar, sync: sync)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return object?["class"] as? String
    }

    private func i3blocksColour(_ summary: StatusSummary, _ sync: SyncStatus?) -> String? {
        StatusRenderer.render(summary, storePresent: true, format: .i3blocks, sync: sync).split(separator: "\n").last.map(String.init)
    }

    @Test("waybar's class is rejected while refused changes wait, above due today; overdue stays first")
    func waybarClass() throws {
        #expect(try waybarClass(.empty, Self.rejected) == "rejected")
        #expect(try waybarClass(Self.due, Self.rejected) == "rejected")
        #expect(try waybarClass(Self.overdue, Self.rejected) == "overdue")
        #expect(try waybarClass(Self.due, nil) == "due")
        #expect(try waybarClass(.empty, .notConfigured) == "ok")
    }

    @Test("i3blocks' colour is the warning colour while refused changes wait")
    func i3blocksColour() {
        #expect(i3blocksColour(.empty, Self.rejected) == StatusLevel.rejected.colour)
        #expect(i3blocksColour(Self.overdue, Self.rejected) == StatusLevel.overdue.colour)
        #expect(i3blocksColour(.empty, nil) == StatusLevel.ok.colour)
        #expect(Set(StatusLevel.allCases.map(\.colour)).count == StatusLevel.allCases.count, "each level its own colour")
    }

    @Test("text and JSON carry the count")
    func textAndJSONCarryTheCount() {
        let text = StatusRenderer.render(.empty, storePresent: true, format: .text, sync: Self.rejected)
        #expect(text.contains("rejected changes      2"), "\(text)")
        let json = StatusRenderer.render(.empty, storePresent: true, format: .json, sync: Self.rejected)
        #expect(json.contains(#""rejected":2"#), "\(json)")
    }
}
