/// Trimming white space without Foundation's `trimmingCharacters(in:)`, which lives in the full
/// `Foundation` that the modules `strata-status` links leave out (they import
/// `FoundationEssentials` only; Architecture.md, "What the widget links").
///
/// The sets are Foundation's, scalar for scalar: ``trimmingWhitespace()`` trims what
/// `CharacterSet.whitespaces` holds (Unicode's space separators, the tab, and U+200B, which
/// Foundation still counts), ``trimmingWhitespaceAndNewlines()`` adds
/// `CharacterSet.newlines` (U+000A to U+000D, U+0085, U+2028, U+2029). Like Foundation, it
/// trims Unicode scalars, not characters: `" \u{301}a"` keeps its combining accent.
///
/// ```swift
/// " 42\t".trimmingWhitespace()              // "42"
/// "note\n".trimmingWhitespaceAndNewlines()  // "note"
/// ```
extension StringProtocol {
    /// `self` without the `CharacterSet.whitespaces` scalars at either end, as
    /// `trimmingCharacters(in: .whitespaces)` returns it.
    public func trimmingWhitespace() -> String {
        trimmingScalars(where: Self.isWhitespace)
    }

    /// `self` without the `CharacterSet.whitespacesAndNewlines` scalars at either end, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` returns it.
    public func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars { Self.isWhitespace($0) || Self.isNewline($0) }
    }

    /// `self` without the scalars `trimmed` accepts at either end.
    private func trimmingScalars(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, trimmed(scalars[start]) { start = scalars.index(after: start) }
        while end > start, trimmed(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    /// Whether `scalar` is in `CharacterSet.whitespaces`: general category Zs, the tab, U+200B.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// Whether `scalar` is in `CharacterSet.newlines`.
    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
