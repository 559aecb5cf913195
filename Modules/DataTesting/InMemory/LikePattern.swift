/// SQL `LIKE` as SQLite evaluates it by default: `%` matches any run of characters (also
/// none), `_` exactly one character, letters compare case-insensitively for ASCII only, and
/// there is no escape character.
struct LikePattern: Sendable {
    private let pattern: [Unicode.Scalar]

    /// A pattern from the text of a query's `like` condition.
    init(_ pattern: String) {
        self.pattern = pattern.unicodeScalars.map(Self.folded)
    }

    /// Whether `text` matches the whole pattern.
    func matches(_ text: String) -> Bool {
        let text = text.unicodeScalars.map(Self.folded)
        var textIndex = 0
        var patternIndex = 0
        // Where the last `%` was and where in the text its current match ends: on a mismatch
        // the `%` takes one more character and matching resumes after it.
        var lastPercent: Int?
        var resumeAt = 0
        while textIndex < text.count {
            if patternIndex < pattern.count, pattern[patternIndex] == "%" {
                lastPercent = patternIndex
                resumeAt = textIndex
                patternIndex += 1
            } else if patternIndex < pattern.count,
                pattern[patternIndex] == "_" || pattern[patternIndex] == text[textIndex]
            {
                patternIndex += 1
                textIndex += 1
            } else if let percent = lastPercent {
                patternIndex = percent + 1
                resumeAt += 1
                textIndex = resumeAt
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, pattern[patternIndex] == "%" {
            patternIndex += 1
        }
        return patternIndex == pattern.count
    }

    /// ASCII upper-case letters folded to lower case; every other scalar unchanged.
    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard ("A"..."Z").contains(scalar) else { return scalar }
        return Unicode.Scalar(scalar.value + 32) ?? scalar
    }
}
