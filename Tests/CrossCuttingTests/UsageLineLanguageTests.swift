import StrataCrossCutting
import Synchronization
import Testing

@Suite("Usage-error lines in Japanese and English")
struct UsageLineLanguageTests {
    func usageLine(_ message: String, hint: String?) -> [String] {
        let lines = Mutex<[String]>([])
        let sink = OutputSink(standardOutput: { _ in }, standardError: { text in lines.withLock { $0.append(text) } })
        _ = sink.reportParseFailure(program: "strata-x", status: 64, message: message, fullMessage: "", verbose: false, hint: hint)
        return lines.withLock { $0 }
    }

    @Test("the reason Strata adds to a bad number is Japanese under ja, English otherwise")
    func numberReason() {
        let message = "The value 'abc' is invalid for '--age <age>'"
        #expect(usageLine(message, hint: nil) == ["strata-x: \(message): it is not a number"])
        let japanese = MessageLanguage.$current.withValue(.japanese) { usageLine(message, hint: nil) }
        #expect(japanese == ["strata-x: \(message): 数値ではありません"])
        let empty = MessageLanguage.$current.withValue(.japanese) {
            OutputSink.explained("The value '' is invalid for '--age <age>'")
        }
        #expect(empty.hasSuffix(": 値が空です。数値を指定してください"))
    }

    @Test("display width counts a Japanese character as two columns, and padding follows it")
    func displayWidth() {
        #expect(TerminalText.displayWidth("due today") == 9)
        #expect(TerminalText.displayWidth("本日期限") == 8)
        #expect(TerminalText.padded("同期", to: 6) == "同期  ")
        #expect(TerminalText.padded("overdue", to: 3) == "overdue")
    }
}
