import Foundation
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataDomain
import Testing

@Suite("Micro-app screens in Japanese and English")
struct JapaneseScreensTests {
    @Test("Launcher: the home screen, its footer and an unknown choice are Japanese under ja")
    func launcherInJapanese() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let harness = try await MicroAppHarness()
            let container = try await harness.boot()
            #expect(harness.screen.contains("— ホーム"), "\(harness.screen)")
            #expect(harness.screen.contains("マイクロアプリ"))
            #expect(harness.screen.contains("実行中: なし"))
            #expect(harness.doubles.terminal.lastScreen.last?.hasPrefix("番号か名前を入力") == true)
            await harness.type("zebra", into: container)
            #expect(harness.screen.contains("マイクロアプリ「zebra」はありません。1〜4 の番号か名前、または quit"))
            await harness.type("1", "home", into: container)
            #expect(harness.screen.contains("Reports（実行中）"))
            await container.terminate(.quit)
        }
    }

    @Test("Launcher: the same screen is English when English is bound")
    func launcherInEnglish() async throws {
        try await MessageLanguage.$current.withValue(.english) {
            let harness = try await MicroAppHarness()
            let container = try await harness.boot()
            #expect(harness.screen.contains("— home"))
            #expect(harness.screen.contains("MICRO-APP"))
            #expect(harness.screen.contains("Running: none"))
            await container.terminate(.quit)
        }
    }

    @Test("Reports: the form's prompts, the saved line, the list's headers and the footer are Japanese")
    func reportsFormInJapanese() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let harness = try await MicroAppHarness()
            let container = try await harness.boot()
            await harness.type("reports", into: container)
            #expect(harness.screen.contains("症例報告はまだありません。add で作成できます。"), "\(harness.screen)")
            #expect(harness.doubles.terminal.lastScreen.last?.hasPrefix("入力: add · show N") == true)
            await harness.type("add", into: container)
            #expect(harness.screen.contains("新しい症例報告"))
            #expect(harness.screen.contains("> 患者名（必須）"))
            #expect(harness.screen.contains("cancel: フォームを閉じる"))
            await harness.type("", into: container)
            #expect(harness.screen.contains("患者名は必須です。"))
            await harness.answerReportForm("佐藤花子", "42", "female", "yes", "", into: container)
            #expect(harness.screen.contains("佐藤花子 さんの症例報告"), "\(harness.screen)")
            #expect(harness.screen.contains("患者"))
            #expect(harness.screen.contains("はい"))
            await harness.type("show 1", into: container)
            #expect(harness.screen.contains("患者      佐藤花子"), "\(harness.screen)")
            #expect(harness.screen.contains("フォローアップ 0 件（未完了 0 件）"))
            await container.terminate(.quit)
        }
    }

    @Test("FollowUps and Notifications: headings and empty lines are Japanese under ja")
    func followUpsAndNotificationsInJapanese() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let harness = try await MicroAppHarness()
            let container = try await harness.boot()
            await harness.type("followups", into: container)
            #expect(harness.screen.contains("本日期限（2026-11-22）"), "\(harness.screen)")
            #expect(harness.screen.contains("期限切れのものはありません。"))
            await harness.type("home", "notifications", into: container)
            #expect(harness.screen.contains("通知（新しい順）"), "\(harness.screen)")
            #expect(harness.screen.contains("通知はありません。"))
            await container.terminate(.quit)
        }
    }

    @Test("scripted routes: text output is Japanese, JSON keys and ids stay as they are")
    func scriptedOutputInJapanese() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let harness = try await MicroAppHarness()
            let (container, captured) = try await harness.bootScripted()
            try await container.open(URL(string: "strata://reports")!)
            #expect(captured.text == "症例報告はありません。")
            let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
            let id = try #require(report.objectId)
            try await container.open(URL(string: "strata://reports/\(id)?format=json")!)
            #expect(captured.text.contains("\"patientName\" : \"Hanako Sato\""))
            try await container.open(URL(string: "strata://follows/overdue")!)
            #expect(captured.text.hasSuffix("期限切れのフォローアップはありません。"))
            try await container.open(URL(string: "strata://reports/\(id)/delete")!)
            #expect(captured.text.hasSuffix("症例報告 \(id) とそのフォローアップを削除しました。"))
            await container.terminate(.quit)
        }
    }
}

@Suite("Micro-app refusals in Japanese and English")
struct JapaneseRefusalTests {
    @Test("a typed age that is not a number re-asks the age with a Japanese line under ja")
    func formRefusalInJapanese() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let harness = try await MicroAppHarness()
            let container = try await harness.boot()
            await harness.type("reports", "add", "佐藤", "abc", into: container)
            #expect(harness.screen.contains("age 'abc' は整数ではありません"), "\(harness.screen)")
            #expect(harness.screen.contains("  患者名: 佐藤"))
            #expect(harness.screen.contains("> 年齢（0〜150）"))
            await container.terminate(.quit)
        }
    }

    @Test("an unknown launch parameter is named in Japanese under ja and in English otherwise")
    func unknownParameter() throws {
        do {
            try MessageLanguage.$current.withValue(.japanese) {
                try LaunchParameters.check(["mmo": "x"], route: "strata://reports/new", accepted: ["memo"])
            }
            Issue.record("no error")
        } catch let error as ContainerError {
            #expect(error.message == "strata://reports/new: 不明なパラメーター 'mmo'。使えるもの: memo")
        }
        do {
            try MessageLanguage.$current.withValue(.english) {
                try LaunchParameters.check(["mmo": "x"], route: "strata://reports/new", accepted: ["memo"])
            }
            Issue.record("no error")
        } catch let error as ContainerError {
            #expect(error.message == "strata://reports/new: unknown parameter 'mmo'; accepted: memo")
        }
    }
}
