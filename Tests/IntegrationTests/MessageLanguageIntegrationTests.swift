import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real executables under `LANG=ja_JP.UTF-8` (Japanese) and `LANG=C.UTF-8` (English):
/// strata-host's command output, a Launcher screen in a pseudo-terminal, strata-status's text
/// and strata-notifyd's delivery line.
@Suite("Messages in Japanese under a ja locale, English otherwise", .childProcessSlot)
struct MessageLanguageIntegrationTests {
    static let japanese = ["LANG": "ja_JP.UTF-8"]
    static let english = ["LANG": "C.UTF-8"]

    @Test("strata-host: output and a usage error in Japanese under ja; English under C; LC_ALL beats LANG")
    func hostOutput() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let japanese = StrataProcess("strata-host", home: home, extraEnvironment: Self.japanese)
        let english = StrataProcess("strata-host", home: home, extraEnvironment: Self.english)

        let empty = try await japanese.run(["reports", "list"])
        #expect(empty.status == 0 && empty.stdout == "症例報告はありません。\n", "\(empty)")
        #expect(try await english.run(["reports", "list"]).stdout == "No case reports.\n")

        let id = try await japanese.succeed(["reports", "add", "--patient-name", "佐藤 花子", "--age", "42"])
        let shown = try await japanese.run(["reports", "show", id])
        #expect(shown.stdout.contains("患者      佐藤 花子"), "\(shown)")
        let json = try await japanese.run(["reports", "show", id, "--json"])
        #expect(json.stdout.contains("\"patientName\""), "JSON keys stay English: \(json)")

        let refused = try await japanese.run(["reports", "update", id])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.hasPrefix("strata-host: 更新する内容がありません: --patient-name"), "\(refused)")
        let refusedInEnglish = try await english.run(["reports", "update", id])
        #expect(refusedInEnglish.stderr.hasPrefix("strata-host: nothing to update"), "\(refusedInEnglish)")

        let overridden = StrataProcess("strata-host", home: home, extraEnvironment: ["LANG": "ja_JP.UTF-8", "LC_ALL": "C"])
        #expect(try await overridden.run(["follows", "list"]).stdout == "No follow-ups.\n")
        #expect(try await japanese.run(["follows", "list"]).stdout == "フォローアップはありません。\n")
    }

    @Test("strata-status: Japanese labels under ja, English under C; the JSON format's keys in both")
    func statusText() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let japanese = try await StrataProcess("strata-status", home: home, extraEnvironment: Self.japanese).run([])
        #expect(japanese.status == 0, "\(japanese)")
        #expect(japanese.stdout.hasPrefix("症例報告              0\n本日期限              0\n"), "\(japanese)")
        #expect(japanese.stdout.contains("（ストアはまだありません: 記録なし）"), "\(japanese)")
        let english = try await StrataProcess("strata-status", home: home, extraEnvironment: Self.english).run([])
        #expect(english.stdout.hasPrefix("reports               0\ndue today             0\n"), "\(english)")
        let json = try await StrataProcess("strata-status", home: home, extraEnvironment: Self.japanese)
            .run(["--format", "json"])
        #expect(json.stdout.contains("\"dueToday\":0") && json.stdout.contains("\"store\":\"absent\""), "\(json)")
    }

    @Test("strata-notifyd: the delivery line is Japanese under ja and English under C")
    func notifydLine() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let inbox = Inbox(home: home)
        try inbox.drop("1-n1.json", #"{"id": "n-1", "kind": "message", "title": "回診", "body": "Bed 4"}"#)
        let japanese = try await StrataProcess("strata-notifyd", home: home, extraEnvironment: Self.japanese).run(["--once"])
        #expect(japanese.status == 0 && japanese.stdout == "記録: n-1 message: 回診 — Bed 4\n", "\(japanese)")
        try inbox.drop("2-n1.json", #"{"id": "n-1", "kind": "message", "title": "回診"}"#)
        let english = try await StrataProcess("strata-notifyd", home: home, extraEnvironment: Self.english).run(["--once"])
        #expect(english.status == 0 && english.stdout == "duplicate n-1 (already recorded)\n", "\(english)")

        let host = StrataProcess("strata-host", home: home)
        let report = try await host.succeed(["reports", "add", "--patient-name", "山田", "--age", "44"])
        let followUp = try await host.succeed(["follows", "add", "--report", report, "--date", "2026-11-22"])
        try inbox.drop(
            "3-n3.json", #"{"id": "n-3", "kind": "follow-up-due", "reportId": "\#(report)", "followUpId": "\#(followUp)"}"#)
        let enriched = try await StrataProcess("strata-notifyd", home: home, extraEnvironment: Self.japanese).run(["--once"])
        #expect(
            enriched.stdout == "記録: n-3 follow-up-due: フォローアップ期限: 山田 — 山田 さんのフォローアップ期限は 2026-11-22 です\n",
            "\(enriched)")
    }

    @Test("strata-notifyd as a daemon: the watch loop prints its lines in Japanese under ja")
    func notifydDaemonLine() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let notifyd = StrataProcess("strata-notifyd", home: home, extraEnvironment: Self.japanese)
        #expect(try await notifyd.run(["--once"]).status == 0)
        let running = try notifyd.start(["--poll-interval", "0.05"])
        defer { if running.process.isRunning { running.signal(SIGKILL) } }
        try Inbox(home: home).drop("1-n1.json", #"{"id": "n-9", "kind": "message", "title": "申し送り"}"#)
        let recorded = await eventually { running.stdout.snapshot().contains("記録: n-9 message: 申し送り") }
        #expect(recorded, "\(running.stdout.snapshot())\n\(running.stderr.snapshot())")
        running.signal(SIGTERM)
        #expect(await eventually { !running.process.isRunning })
    }

    @Test("strata-server stays English under ja: its usage errors add English words")
    func serverStaysEnglish() async throws {
        let data = TemporaryRoot.directory("server-language")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = StrataProcess("strata-server", home: nil, extraEnvironment: Self.japanese)
        let outcome = try await server.run(["serve", "--port", "abc", "--data-dir", data.path])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains("it is not a number"), "\(outcome)")
        #expect(!outcome.stderr.contains("数値"), "\(outcome)")
    }

    @Test("the Launcher and Reports screens in a terminal are Japanese under ja; typed words stay English")
    func launcherInJapanese() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let tty = try PseudoTerminal()
        let (process, _) = try tty.startHost(home: home, environment: Self.japanese)
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }

        try #require(await eventually { tty.screen.contains("— ホーム") }, "no Launcher:\n\(tty.screen)")
        #expect(tty.screen.contains("症例報告: 一覧、検索、追加、編集、削除"), "\(tty.screen)")
        #expect(tty.screen.contains("番号か名前を入力してアプリを開きます"))
        tty.type("reports")
        try #require(await eventually { tty.screen.contains("症例報告（新しい順、1 ページ目）") }, "\(tty.screen)")
        tty.type("add")
        try #require(await eventually { tty.screen.contains("> 患者名（必須）") }, "\(tty.screen)")
        tty.type("cancel")
        tty.type("quit")
        try #require(await eventually { !process.isRunning }, "still running after quit:\n\(tty.screen)")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
