import Foundation
import StrataContainer
import Testing

@Suite("text helpers for micro-apps: safe echoes, compact empty JSON, launch-param checks")
struct ScreenTextTests {
    @Test("printable escapes control characters, separators and bidi controls; other text is unchanged")
    func printableEscapes() {
        #expect(ScreenCommand.printable("fly") == "fly")
        #expect(ScreenCommand.printable("Hanako 佐藤 ✓") == "Hanako 佐藤 ✓")
        #expect(ScreenCommand.printable("a\tb\nc\rd") == #"a\tb\nc\rd"#)
        #expect(ScreenCommand.printable("\u{1B}[2J\u{7}\u{0}\u{7F}\u{9B}") == #"\u{1B}[2J\u{7}\u{0}\u{7F}\u{9B}"#)
        #expect(ScreenCommand.printable("x\u{202E}y\u{2028}") == #"x\u{202E}y\u{2028}"#)
    }

    @Test("an unknown command is answered with the line escaped")
    func unknownCommandMessage() {
        #expect(ScreenCommand.unknown("fly\u{1B}") == .message(#"Unknown command 'fly\u{1B}'. Type one of the words below."#))
    }

    @Test("empty arrays and objects are written [] and {}, at any depth; strings keep their brackets")
    func emptyJSONIsCompact() throws {
        struct Sample: Encodable {
            var items: [Int] = []
            var tags: [String: String] = [:]
            var text = "[\n]"
            var full = [1]
        }
        #expect(try JSONText.encode([String]()) == "[]")
        #expect(try JSONText.encode([String: Int]()) == "{}")
        let text = try JSONText.encode([Sample()])
        #expect(text.contains(#""items" : []"#) && text.contains(#""tags" : {}"#), "\(text)")
        #expect(text.contains(#""text" : "[\n]""#), "\(text)")
        #expect(text.contains("\"full\" : [\n      1\n    ]"), "\(text)")
    }

    @Test("launch params: path and accepted keys pass; unknown keys are one error naming them and the accepted ones")
    func launchParameterCheck() throws {
        try LaunchParameters.check(["path": "new", "memo": "m"], route: "strata://x/new", accepted: ["memo", "format"])
        #expect(throws: ContainerError(.unknownParameter, "strata://x/new: unknown parameter 'mmo'; accepted: memo, format")) {
            try LaunchParameters.check(["mmo": "m"], route: "strata://x/new", accepted: ["memo", "format"])
        }
        #expect(throws: ContainerError(.unknownParameter, "strata://x: unknown parameters 'a', 'b\\n'; accepted: none")) {
            try LaunchParameters.check(["b\n": "", "a": ""], route: "strata://x", accepted: [])
        }
    }
}
