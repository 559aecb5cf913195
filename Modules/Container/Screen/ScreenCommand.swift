import Foundation
import StrataCrossCutting

/// One typed line read as a command word and its argument: `show 2` → (`show`, `2`).
///
/// The word is lowercased and trimmed; the argument keeps its case (a search text, an id).
public struct ScreenCommand: Sendable, Hashable {
    /// The first word, lowercased (empty for an empty line).
    public let word: String
    /// The rest of the line, trimmed (empty when there is none).
    public let argument: String

    /// Splits `line` at its first space.
    public init(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let space = trimmed.firstIndex(of: " ") {
            word = trimmed[..<space].lowercased()
            argument = trimmed[space...].trimmingCharacters(in: .whitespaces)
        } else {
            word = trimmed.lowercased()
            argument = ""
        }
    }

    /// The response to the words every screen understands: `back`, `quit`, `home` (start the
    /// Launcher, keeping this app running), or `nil` for any other word.
    ///
    /// A ``FormScreen`` reads these words itself, full words only (`back` there asks the previous
    /// field; a leading backslash makes the word a value).
    ///
    /// - Parameter launcher: the name of the home micro-app (`Launcher`).
    public func common(context: any ContainerContext, launcher: String = "Launcher") async -> ScreenResponse? {
        switch word {
        case "back", "b": return .back
        case "quit", "q", "exit": return .quit
        case "home", "h":
            do {
                try await context.startApplication(launcher, params: [:], launchMode: .bringToTop)
                return .stay
            } catch {
                return .message(localized("cannot go home: \(ErrorText.readable(error))", ja: "ホームに戻れません: \(ErrorText.readable(error))"))
            }
        default: return nil
        }
    }

    /// The footer line naming what can be typed on every screen (the words themselves, the same
    /// in every language).
    public static let commonHelp = "back · home · quit"

    /// A screen's last line: `Type: <words>` (`入力: <words>` in Japanese); the words are typed
    /// as they are, in every language.
    public static func typeLine(_ words: String) -> String {
        localized("Type: \(words)", ja: "入力: \(words)")
    }

    /// The answer to a line no word of the screen matched: `Unknown command '…'`, the line
    /// shown with ``printable(_:)`` so a typed control character cannot act on the terminal.
    public static func unknown(_ input: String) -> ScreenResponse {
        .message(
            localized(
                "Unknown command '\(printable(input))'. Type one of the words below.",
                ja: "不明なコマンド「\(printable(input))」です。下に示す語を入力してください。"))
    }

    /// Whether `message` is one ``unknown(_:)`` made (a full-screen terminal shows it in red).
    static func isUnknown(_ message: String) -> Bool {
        message.hasPrefix("Unknown command '") || message.hasPrefix("不明なコマンド「")
    }

    /// `text` safe to echo on a terminal: control characters (C0, DEL, C1 — an escape
    /// sequence's `ESC` among them), line and paragraph separators and bidirectional controls
    /// written as Swift escapes (`\t`, `\n`, `\r`, `\u{1B}`); everything else unchanged.
    /// It is `TerminalText.escaped(_:)`, the escaping every Strata text output shares.
    ///
    /// - Important: use it whenever a screen echoes what a person typed.
    public static func printable(_ text: String) -> String {
        TerminalText.escaped(text)
    }
}
