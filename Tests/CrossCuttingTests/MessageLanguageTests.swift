import StrataCrossCutting
import Testing

@Suite("Message language")
struct MessageLanguageTests {
    @Test("a ja locale in LANG, LC_MESSAGES or LC_ALL picks Japanese")
    func japaneseLocalesPickJapanese() {
        #expect(MessageLanguage.from(environment: ["LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(MessageLanguage.from(environment: ["LANG": "ja"]) == .japanese)
        #expect(MessageLanguage.from(environment: ["LC_MESSAGES": "ja_JP.eucJP", "LANG": "C"]) == .japanese)
        #expect(MessageLanguage.from(environment: ["LC_ALL": "ja_JP@calendar", "LANG": "en_US.UTF-8"]) == .japanese)
    }

    @Test("LC_ALL beats LC_MESSAGES beats LANG, and empty values are skipped")
    func precedenceFollowsGettext() {
        #expect(MessageLanguage.from(environment: ["LC_ALL": "en_GB.UTF-8", "LANG": "ja_JP.UTF-8"]) == .english)
        #expect(MessageLanguage.from(environment: ["LC_ALL": "", "LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(MessageLanguage.from(environment: ["LC_MESSAGES": "C", "LANG": "ja_JP.UTF-8"]) == .english)
    }

    @Test("no locale, C, POSIX and look-alikes such as jav are English")
    func everythingElseIsEnglish() {
        #expect(MessageLanguage.from(environment: [:]) == .english)
        #expect(MessageLanguage.from(environment: ["LANG": "C.UTF-8"]) == .english)
        #expect(MessageLanguage.from(environment: ["LANG": "POSIX"]) == .english)
        #expect(MessageLanguage.from(environment: ["LANG": "jav_ID"]) == .english)
    }

    @Test("localized picks the sentence of the language bound to the task")
    func localizedFollowsTheTaskLocal() async {
        #expect(localized("Signed in.", ja: "サインインしました。") == "Signed in.")
        MessageLanguage.$current.withValue(.japanese) {
            #expect(localized("Signed in.", ja: "サインインしました。") == "サインインしました。")
        }
        await MessageLanguage.$current.withValue(.japanese) {
            let child = await Task { localized("a", ja: "あ") }.value
            #expect(child == "あ")
        }
    }

    @Test("file problems and date refusals are Japanese when Japanese is bound")
    func fileProblemsAndDatesFollowTheLanguage() {
        #expect(FileProblem.reason(errno: 2, path: "/nowhere") == "no such file or directory")
        #expect(throws: (any Error).self) { try DayText.parseInstant("2026-02-30T00:00:00Z", what: "--from") }
        MessageLanguage.$current.withValue(.japanese) {
            #expect(FileProblem.reason(errno: 2, path: "/nowhere") == "ファイルまたはディレクトリがありません")
            do {
                _ = try DayText.parseInstant("2026-02-30T00:00:00Z", what: "--from")
                Issue.record("February 30 was accepted")
            } catch {
                let message = (error as? any StrataError)?.message ?? ""
                #expect(message.contains("--from の「2026-02-30T00:00:00Z」は日時ではありません"), "\(message)")
                #expect(message.contains("30 日はありません"), "\(message)")
            }
        }
    }
}
