import StrataCrossCutting
import Testing

/// "Did you mean …?": the nearest name to a mistyped one, only when it is close enough to be a typo.
@Suite("NearestName: the nearest subcommand or option to a mistyped word")
struct NearestNameTests {
    static let commands = ["reports", "follows", "announcements", "open", "account", "sync", "store", "help"]

    @Test(
        "a typo (a swapped pair, a missing, extra or wrong letter) names the intended word",
        arguments: [("reprots", "reports"), ("folows", "follows"), ("syncc", "sync"), ("stor", "store"), ("acount", "account"), ("REPORTS", "reports")])
    func typoFindsTheWord(typed: String, meant: String) {
        #expect(NearestName.nearest(to: typed, among: Self.commands) == meant)
    }

    @Test("a word near nothing, or the name itself, names nothing", arguments: ["xyz", "announce", "", "reports"])
    func farWordFindsNothing(typed: String) {
        #expect(NearestName.nearest(to: typed, among: Self.commands) == nil)
    }

    @Test("a tie goes to the first name in order")
    func tieGoesToTheFirst() {
        #expect(NearestName.nearest(to: "lst", among: ["list", "last"]) == "list")
    }
}
