import Foundation
import Logging
import StrataCrossCutting
import Synchronization
import Testing

@Suite("Terminal text: control characters never reach a terminal raw")
struct TerminalTextTests {
    /// Every character a terminal may act on, one of each kind.
    static let controls: [Unicode.Scalar] = [
        "\u{00}", "\u{07}", "\u{08}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}",
        "\u{200E}", "\u{202E}", "\u{2066}",
    ]

    @Test("escaped writes every control character visibly and leaves the rest alone")
    func oneLine() {
        #expect(TerminalText.escaped("Sato\u{1B}[2J") == "Sato\\u{1B}[2J")
        #expect(TerminalText.escaped("a\tb\nc\rd") == "a\\tb\\nc\\rd")
        #expect(TerminalText.escaped("佐藤 太郎 é") == "佐藤 太郎 é")
        for scalar in Self.controls {
            let shown = TerminalText.escaped("x" + String(scalar) + "y")
            #expect(!shown.unicodeScalars.contains(where: TerminalText.isControl), "\(scalar.value)")
            #expect(shown.hasPrefix("x\\") && shown.hasSuffix("y"))
        }
    }

    @Test("every Bidi_Control character is a control, the Arabic letter mark U+061C included")
    func everyBidiControlIsAControl() {
        let bidi: [UInt32] = [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        for value in bidi {
            let scalar = Unicode.Scalar(value)!
            #expect(TerminalText.isControl(scalar), "U+\(String(value, radix: 16))")
            #expect(TerminalText.escaped("a\(Character(scalar))b") == "a\\u{\(String(value, radix: 16, uppercase: true))}b")
        }
        #expect(!TerminalText.isControl("\u{0645}"), "an Arabic letter is text")
    }

    @Test("escapedKeepingLines keeps line feeds and tabs, and escapes a carriage return and ESC")
    func multiLine() {
        #expect(TerminalText.escapedKeepingLines("a\n\tb\r\u{1B}]0;x\u{07}") == "a\n\tb\\r\\u{1B}]0;x\\u{7}")
    }

    @Test("jsonEscaped writes DEL, C1 and bidirectional controls as \\u escapes; the JSON means the same")
    func json() throws {
        let value = ["name": "x\u{7F}\u{9B}2J\u{2028}\u{202E}\u{1B}y"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        let raw = String(decoding: try encoder.encode(value), as: UTF8.self)
        let escaped = TerminalText.jsonEscaped(raw)
        #expect(!escaped.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" })
        #expect(escaped.contains("\n"))
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        #expect(decoded == value)
    }

    @Test("the failure line escapes a control character quoted in a message")
    func failureLine() {
        let line = FailureLine.line(program: "strata-host", message: "no case report with id 'a\u{1B}[2Jb'")
        #expect(line == "strata-host: no case report with id 'a\\u{1B}[2Jb'")
    }

    @Test("a Foundation file error reaching the failure line is worded, with its path and no error code")
    func foundationFileError() {
        let error = CocoaError(.fileReadUnknown, userInfo: [
            NSFilePathErrorKey: "/tmp/x", NSUnderlyingErrorKey: POSIXError(.EISDIR),
        ])
        let line = FailureLine.line(program: "strata-host", error: error, verbose: false)
        #expect(line == "strata-host: /tmp/x: is a directory")
    }

    @Test("firstControl names the character and its position; describe names it in words")
    func firstControl() {
        let found = TerminalText.firstControl(in: "ab\u{1B}c")
        #expect(found?.scalar == "\u{1B}" && found?.position == 3)
        #expect(TerminalText.firstControl(in: "a\nb\tc", allowing: ["\n", "\t"]) == nil)
        #expect(TerminalText.describe("\u{1B}") == "U+001B (ESC)")
        #expect(TerminalText.describe("\u{9B}") == "U+009B")
    }
}

/// Keeps what the escaping handler hands on.
private struct RecordingLogHandler: LogHandler {
    final class Records: Sendable {
        private let events = Mutex<[LogEvent]>([])
        func append(_ event: LogEvent) { events.withLock { $0.append(event) } }
        var all: [LogEvent] { events.withLock { $0 } }
    }

    let records: Records
    var metadataProvider: Logger.MetadataProvider?
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { records.append(event) }
}

@Suite("Logs never carry a raw control character")
struct EscapingLogTests {
    @Test("a log record's message and metadata are escaped, at any depth, before the handler writes them")
    func escapesRecords() throws {
        let records = RecordingLogHandler.Records()
        let logger = Logger(label: "t") { _ in StrataLogging.escaping(RecordingLogHandler(records: records)) }
        logger.warning(
            "quarantined \u{1B}[2Jx.json\nforged line",
            metadata: ["file": "a\u{1B}]0;t\u{07}", "nested": ["k\u{9B}": .array(["\u{202E}"])]])
        let event = try #require(records.all.first)
        #expect(event.message.description == "quarantined \\u{1B}[2Jx.json\\nforged line")
        #expect(event.metadata?["file"] == "a\\u{1B}]0;t\\u{7}")
        #expect(event.metadata?["nested"] == ["k\\u{9B}": .array(["\\u{202E}"])])
    }
}
