import Foundation
import StrataCrossCutting
import StrataData
import StrataHostKit
import Testing

/// strata-host's own lines and the micro-apps' outputs, in the language bound to the run (the
/// executable binds it from LANG; these tests bind it around the kit's entry point).
@Suite("strata-host in Japanese and English")
struct HostLanguageTests {
    @Test("the overview is Japanese under ja: heading, counts and command descriptions; command names stay")
    func overviewInJapanese() async throws {
        let host = try await HostHarness()
        let outcome = await MessageLanguage.$current.withValue(.japanese) { await host.run() }
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("症例報告とフォローアップ"))
        #expect(outcome.stdout.contains("コンテナ: \(host.data.location)"))
        #expect(outcome.stdout.contains("症例報告    0"), "\(outcome)")
        #expect(outcome.stdout.contains("未読の通知  0"))
        #expect(outcome.stdout.contains("reports add|list|show|update|delete   症例報告"))
    }

    @Test("the overview is English when English is bound")
    func overviewInEnglish() async throws {
        let host = try await HostHarness()
        let outcome = await MessageLanguage.$current.withValue(.english) { await host.run() }
        #expect(outcome.stdout.contains("case reports and follow-ups"))
        #expect(outcome.stdout.contains("unread notifications  0"))
    }

    @Test("reports list and show print Japanese headers and labels; --json keeps its keys")
    func reportsInJapanese() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("佐藤 花子", age: 42, "--follow")
        let (list, show, json) = await MessageLanguage.$current.withValue(.japanese) {
            (await host.run("reports", "list"), await host.run("reports", "show", id), await host.run("reports", "list", "--json"))
        }
        let header = try #require(list.text.split(separator: "\n").first)
        #expect(header.hasPrefix("ID") && header.contains("患者") && header.contains("年齢") && header.contains("メモ"), "\(list)")
        #expect(list.text.contains("はい"))
        #expect(show.text.contains("患者      佐藤 花子"), "\(show)")
        #expect(json.stdout.contains("\"patientName\""))
        let empty = await MessageLanguage.$current.withValue(.japanese) { await host.run("follows", "list") }
        #expect(empty.text == "フォローアップはありません。", "\(empty)")
    }

    @Test("validation lines are Japanese under ja and English otherwise; option names stay")
    func validationInBothLanguages() async throws {
        let host = try await HostHarness()
        let japanese = await MessageLanguage.$current.withValue(.japanese) { await host.run("reports", "show", " ") }
        #expect(japanese.status == 64, "\(japanese)")
        #expect(japanese.stderr.contains("症例報告の IDが空です。症例報告の ID（'reports add'"), "\(japanese)")
        let update = await MessageLanguage.$current.withValue(.japanese) { await host.run("reports", "update", "r1") }
        #expect(update.stderr.contains("更新する内容がありません: --patient-name"), "\(update)")
        let english = await MessageLanguage.$current.withValue(.english) { await host.run("reports", "update", "r1") }
        #expect(english.stderr.contains("nothing to update: give at least one of --patient-name"), "\(english)")
        let age = await MessageLanguage.$current.withValue(.japanese) {
            await host.run("reports", "add", "--patient-name", "X", "--age", "abc")
        }
        #expect(age.status == 64 && age.stderr.contains("数値ではありません"), "\(age)")
    }

    @Test("account status is Japanese under ja: labels and 'not signed in'; English otherwise")
    func accountStatusInBothLanguages() async throws {
        let host = try await HostHarness()
        let japanese = await MessageLanguage.$current.withValue(.japanese) { await host.run("account", "status") }
        #expect(japanese.status == 0, "\(japanese)")
        #expect(japanese.text.contains("アカウント") && japanese.text.contains("サインインしていません"), "\(japanese)")
        #expect(japanese.text.contains("却下された変更") && japanese.text.contains("未同期"), "\(japanese)")
        let english = await MessageLanguage.$current.withValue(.english) { await host.run("account", "status") }
        #expect(english.text.contains("not signed in") && english.text.contains("rejected changes"), "\(english)")
        #expect(!english.text.contains("アカウント"))
    }
}
