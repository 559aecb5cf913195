import Foundation
import StrataCrossCutting
import StrataDomain
import StrataTestSupport
import Testing

/// A `strata://` URL that cannot be undone (`strata://reports/<id>/delete`) may come from any
/// page or message the user clicks: `strata-host open` (the URL handler) never performs it
/// one-shot; the typed subcommand still does.
@Suite("strata-host open refuses a link that would delete; strata-host reports delete still deletes")
struct DestructiveLinkTests {
    @Test("open strata://reports/<id>/delete (plain, --headless, --json) is refused in one line naming the app and the command; nothing is deleted")
    func openRefusesDelete() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato")
        let url = "strata://reports/\(id)/delete"
        for arguments in [["open", url], ["open", "--headless", url], ["open", "--json", url], ["open", url + "?format=json"]] {
            let refused = await host.run(arguments)
            #expect(refused.status == 1, "\(arguments): \(refused)")
            #expect(refused.stdout.isEmpty, "\(arguments): \(refused)")
            #expect(
                refused.stderrLines == [
                    "strata-host: strata://reports/\(id)/delete deletes case report \(id) and its follow-ups, which a link "
                        + "may not do without asking: open it while strata-host runs and confirm there, or type "
                        + "strata-host reports delete \(id)"
                ], "\(arguments): \(refused)")
        }
        #expect(try await host.domain.reports.list(.first).count == 1)

        let typed = await host.run("reports", "delete", id)
        #expect(typed.status == 0, "\(typed)")
        #expect(try await host.domain.reports.list(.first).isEmpty)
    }

    @Test("under LANG=ja_JP.UTF-8 the refusal is Japanese")
    func refusalIsJapanese() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato")
        let refused = await MessageLanguage.$current.withValue(.japanese) {
            await host.run(["open", "strata://reports/\(id)/delete"])
        }
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("リンクから確認なしには実行できません"), "\(refused)")
        #expect(refused.stderr.contains("strata-host reports delete \(id)"), "\(refused)")
    }

    @Test("the other routes of a link still run one-shot: add, show, edit")
    func otherRoutesStillRun() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato")
        for url in ["strata://reports/\(id)", "strata://reports/\(id)/edit?age=41", "strata://reports/new?patientName=Taro&age=7"] {
            let opened = await host.run("open", url)
            #expect(opened.status == 0, "\(url): \(opened)")
        }
        #expect(try await host.domain.reports.list(.first).count == 2)
    }
}
