import Foundation
import StrataCrossCutting
import StrataDomain
import StrataTestSupport
import Testing

/// A destructive `strata://` URL (`strata://reports/<id>/delete`, `strata://reports/<id>/edit?…`
/// with changes) may come from any page or message the user clicks: `strata-host open` (the URL
/// handler) never performs it one-shot; the typed subcommand still does.
@Suite("strata-host open refuses a link that would delete or overwrite; the typed commands still do")
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

    @Test("open strata://reports/<id>/edit with changes (plain, --headless, --json) is refused in one line naming the typed command; the report is unchanged")
    func openRefusesEditWithChanges() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato")
        let typedMemo = await host.run("reports", "update", id, "--memo", "written by hand")
        #expect(typedMemo.status == 0, "\(typedMemo)")
        let expected =
            "strata-host: strata://reports/\(id)/edit overwrites case report \(id), which a link may not do without "
            + "asking: open it while strata-host runs and confirm there, or type strata-host reports update \(id) --memo …"
        for url in ["strata://reports/\(id)/edit?patientName=Pwned&memo=tampered", "strata://reports/\(id)/edit?memo="] {
            for arguments in [["open", url], ["open", "--headless", url], ["open", "--json", url]] {
                let refused = await host.run(arguments)
                #expect(refused.status == 1, "\(arguments): \(refused)")
                #expect(refused.stdout.isEmpty, "\(arguments): \(refused)")
                #expect(refused.stderrLines.map(String.init) == [expected], "\(arguments): \(refused)")
            }
        }
        let report = try #require(try await host.domain.reports.list(.first).first)
        #expect(report.patientName == "Hanako Sato")
        #expect(report.memo == "written by hand")

        let ja = await MessageLanguage.$current.withValue(.japanese) {
            await host.run(["open", "strata://reports/\(id)/edit?memo="])
        }
        #expect(ja.status == 1 && ja.stderr.contains("を上書きします。リンクから確認なしには実行できません"), "\(ja)")

        let typed = await host.run("reports", "update", id, "--memo", "")
        #expect(typed.status == 0, "\(typed)")
        #expect(try await host.domain.reports.list(.first).first?.memo == "")
    }

    @Test("the additive routes of a link still run one-shot: add, show")
    func otherRoutesStillRun() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato")
        for url in ["strata://reports/\(id)", "strata://reports/new?patientName=Taro&age=7"] {
            let opened = await host.run("open", url)
            #expect(opened.status == 0, "\(url): \(opened)")
        }
        #expect(try await host.domain.reports.list(.first).count == 2)
    }
}
