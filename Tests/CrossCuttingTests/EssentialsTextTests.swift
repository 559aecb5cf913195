import Foundation
import StrataCrossCutting
import Testing

/// The helpers that stand in for full Foundation's text functions in the modules that import
/// only FoundationEssentials give exactly what Foundation gives.
@Suite("text helpers in place of full Foundation's")
struct EssentialsTextTests {
    @Test("trimmingWhitespace(AndNewlines) trims exactly the scalars Foundation's character sets hold")
    func trimmingMatchesFoundation() {
        let scalars = (0...0x3_0000).compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let text = "\(scalar)x\(scalar)"
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "U+\(String(scalar.value, radix: 16))")
            #expect(
                text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "U+\(String(scalar.value, radix: 16))")
        }
        for text in ["", " ", " \t a b \u{3000}", " \u{301}a ", "\n\r\u{85}note\u{2028}", "e\u{301} \u{20}\u{301}"] {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
            #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test("zeroPadded prints as String(format:)'s %0Nd")
    func zeroPaddedMatchesFormat() {
        for number in [0, 7, 42, 999, 2026, 12345, -5, -42, -12345] {
            for width in [1, 2, 4] {
                #expect(DayText.zeroPadded(number, width) == String(format: "%0\(width)d", number))
            }
        }
    }
}
