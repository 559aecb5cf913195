import Foundation
import StrataDomain
import StrataStatusKit
import Testing

@Suite("strata-status formats")
struct StatusRendererTests {
    static let busy = StatusSummary(reports: 12, dueToday: 2, overdue: 1, unreadNotifications: 3)
    static let dueOnly = StatusSummary(reports: 4, dueToday: 1, overdue: 0, unreadNotifications: 0)

    @Test("the level is overdue if anything is overdue, else due if anything is due today, else ok")
    func levelFollowsTheCounts() async {
        #expect(StatusLevel(Self.busy) == .overdue)
        #expect(StatusLevel(Self.dueOnly) == .due)
        #expect(StatusLevel(.empty) == .ok)
        #expect(StatusLevel(StatusSummary(reports: 9, dueToday: 0, overdue: 0, unreadNotifications: 5)) == .ok)
    }

    @Test("text: one aligned line per count")
    func textIsAlignedLines() async {
        let text = StatusRenderer.render(Self.busy, storePresent: true, format: .text)
        #expect(
            text == """
                reports               12
                due today             2
                overdue               1
                unread notifications  3
                """)
    }

    @Test("text without a store: the empty counts and a note saying there is no store yet")
    func textWithoutStoreSaysSo() async {
        let text = StatusRenderer.render(.empty, storePresent: false, format: .text)
        #expect(text.hasPrefix("reports               0\n"))
        #expect(text.hasSuffix("(no store yet: nothing recorded)"))
    }

    @Test("json: one object with the four counts and the store state")
    func jsonHasTheSummaryKeys() async throws {
        let text = StatusRenderer.render(Self.busy, storePresent: true, format: .json)
        #expect(!text.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["reports", "dueToday", "overdue", "unreadNotifications", "store"])
        #expect(object["reports"] as? Int == 12)
        #expect(object["dueToday"] as? Int == 2)
        #expect(object["overdue"] as? Int == 1)
        #expect(object["unreadNotifications"] as? Int == 3)
        #expect(object["store"] as? String == "present")
        let absent = StatusRenderer.render(.empty, storePresent: false, format: .json)
        #expect(absent == #"{"dueToday":0,"overdue":0,"reports":0,"store":"absent","unreadNotifications":0}"#)
    }

    @Test("waybar: one JSON line with text, a newline-separated tooltip and the class")
    func waybarIsOneJSONLine() async throws {
        let line = StatusRenderer.render(Self.busy, storePresent: true, format: .waybar)
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(Set(object.keys) == ["text", "tooltip", "class"])
        #expect(object["class"] == "overdue")
        #expect(object["text"] == "2 due · 1 overdue · 3 unread")
        #expect(object["tooltip"] == "Strata\nReports: 12\nDue today: 2\nOverdue: 1\nUnread notifications: 3")
    }

    @Test("waybar's class is due, then ok, as the counts fall")
    func waybarClassFollowsTheLevel() async throws {
        for (summary, expected) in [(Self.dueOnly, "due"), (StatusSummary.empty, "ok")] {
            let line = StatusRenderer.render(summary, storePresent: true, format: .waybar)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            #expect(object["class"] == expected)
        }
    }

    @Test("i3blocks: full text, short text and a colour by level")
    func i3blocksIsThreeLines() async {
        let lines = StatusRenderer.render(Self.busy, storePresent: true, format: .i3blocks)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == ["Strata: 12 reports, 2 due today, 1 overdue, 3 unread", "2 due · 1 overdue · 3 unread", "#FF5555"])
        let due = StatusRenderer.render(Self.dueOnly, storePresent: true, format: .i3blocks).split(separator: "\n")
        #expect(due.last == "#FFB86C")
        let ok = StatusRenderer.render(.empty, storePresent: false, format: .i3blocks).split(separator: "\n")
        #expect(ok == ["Strata: 0 reports, 0 due today, 0 overdue, 0 unread", "0 due · 0 overdue", "#50FA7B"])
    }

    @Test("i3blocks counts one report in the singular, any other number in the plural")
    func i3blocksSaysOneReport() async {
        let one = StatusSummary(reports: 1, dueToday: 1, overdue: 1, unreadNotifications: 1)
        let lines = StatusRenderer.render(one, storePresent: true, format: .i3blocks).split(separator: "\n")
        #expect(lines.first == "Strata: 1 report, 1 due today, 1 overdue, 1 unread")
        let two = StatusSummary(reports: 2, dueToday: 0, overdue: 0, unreadNotifications: 0)
        #expect(StatusRenderer.render(two, storePresent: true, format: .i3blocks).hasPrefix("Strata: 2 reports, "))
    }

    @Test("every level has a distinct #RRGGBB colour")
    func coloursAreDistinctHex() async {
        let colours = StatusLevel.allCases.map(\.colour)
        #expect(Set(colours).count == StatusLevel.allCases.count)
        for colour in colours {
            #expect(colour.count == 7 && colour.hasPrefix("#") && colour.dropFirst().allSatisfy(\.isHexDigit))
        }
    }
}
