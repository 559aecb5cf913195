import Testing

@testable import StrataServerDomain

/// The server's NFC is the standard library's, the tables `String ==` uses: Foundation's
/// `precomposedStringWithCanonicalMapping` predates Unicode 16 and leaves these texts as they
/// are, so an id or account spelled so would pass as "NFC" while Swift finds it equal to its
/// composed twin.
@Suite("NFC follows the standard library's Unicode (16 in Swift 6.3), not Foundation's older tables")
struct StandardLibraryNFCTests {
    /// Texts not in NFC under Unicode 16, and their NFC forms.
    static let unicode16: [(decomposed: String, composed: String)] = [
        ("\u{16D67}\u{16D67}", "\u{16D68}"), ("\u{1611E}\u{1611E}", "\u{16121}"), ("\u{113C2}\u{113C2}", "\u{113C5}"),
        ("\u{105D2}\u{0307}", "\u{105C9}"),
    ]

    @Test("a Unicode 16 decomposed text is not NFC: the id check refuses it, canonical composes it, its twin passes")
    func unicode16Pairs() {
        for (decomposed, composed) in Self.unicode16 {
            let scalars = decomposed.unicodeScalars.map { String($0.value, radix: 16) }
            // Swift's own equality takes them for one text: the server must too.
            #expect(decomposed == composed, "\(scalars)")
            #expect(!TextRules.isNFC(decomposed), "\(scalars)")
            #expect(TextRules.hasOtherForm(decomposed), "\(scalars)")
            #expect(ChangeRules.composedProblem(decomposed, "changes[0].objectId") != nil, "\(scalars)")
            #expect(Array(TextRules.canonical(decomposed).utf8) == Array(composed.utf8), "\(scalars)")
            #expect(TextRules.isNFC(composed) && ChangeRules.composedProblem(composed, "changes[0].objectId") == nil, "\(scalars)")
            #expect(Array(TextRules.canonical(composed).utf8) == Array(composed.utf8), "\(scalars)")
        }
        #expect(TextRules.isNFC("plain-ascii-id") && !TextRules.isNFC("cafe\u{301}"))
        #expect(Array(TextRules.canonical("Kyoto-\u{212A}").utf8) == Array("Kyoto-K".utf8))
    }
}
