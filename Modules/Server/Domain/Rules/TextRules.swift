import Foundation

/// Which characters the server takes where a name or an id is expected, and where free text is.
///
/// SQLite (through GRDB) binds Swift text NUL-terminated and reads it back as a C string, so
/// text holding U+0000 would be cut at the NUL: `X\u0000other` would name `X`. Names and ids
/// (object ids, operation ids, device ids, accounts, group names, roles, template names) may
/// hold no control character at all (Unicode `Cc`: U+0000–U+001F, U+007F–U+009F); free text
/// that is stored as SQL text (passwords, device names, push titles and bodies) may hold
/// anything but U+0000. Values inside an object's JSON are stored escaped and may hold U+0000.
enum TextRules {
    /// The first control character of `text`, or `nil`.
    static func firstControl(in text: String) -> Unicode.Scalar? {
        // Every control character is below U+00A0; a byte scan finds none in most text at once.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return nil }
        return text.unicodeScalars.first(where: isControl)
    }

    /// Whether `scalar` is a control character (Unicode `Cc`).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Why `text`, a name or id called `field`, is not acceptable, or `nil`.
    static func nameProblem(_ text: String, field: String) -> String? {
        firstControl(in: text).map { "\(field) contains a control character (\(describe($0)))" }
    }

    /// Why `text`, free text called `field`, is not acceptable (it holds U+0000), or `nil`.
    static func freeTextProblem(_ text: String, field: String) -> String? {
        text.utf8.contains(0) ? "\(field) contains a control character (U+0000)" : nil
    }

    /// Throws ``ServerError`` `badRequest` unless `text` is an acceptable name or id.
    static func checkName(_ text: String, field: String) throws {
        if let problem = nameProblem(text, field: field) { throw ServerError(.badRequest, problem) }
    }

    /// Throws ``ServerError`` `badRequest` when free text `text` holds U+0000.
    static func checkFreeText(_ text: String, field: String) throws {
        if let problem = freeTextProblem(text, field: field) { throw ServerError(.badRequest, problem) }
    }

    /// `text` in Unicode normalization form C, the one form accounts and group names are stored
    /// and looked up in: `jos\u{E9}` and `jose\u{301}` look alike and compare equal in Swift, but
    /// SQLite compares bytes, so without it they would be two accounts (and a login typed in the
    /// other form would miss the account).
    ///
    /// The standard library's own NFC (`_nfcCodeUnits`, public in its interface), never
    /// Foundation's `precomposedStringWithCanonicalMapping`: Foundation's Unicode tables lag the
    /// standard library's, which `String ==` uses (Unicode 16 in Swift 6.3), so Foundation leaves
    /// `\u{16D67}\u{16D67}` as it is while `==` finds it equal to `\u{16D68}`: two "NFC" ids
    /// or names the databases would hold apart and Swift would take for one.
    static func canonical(_ text: String) -> String {
        isNFC(text) ? text : String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// Whether `text` is in Unicode normalization form C, compared byte for byte with the
    /// standard library's NFC (the tables `String ==` uses; see ``canonical(_:)``).
    static func isNFC(_ text: String) -> Bool {
        // ASCII is always NFC: most ids (hex, UUIDs) and names pass without normalizing.
        !text.utf8.contains(where: { $0 >= 0x80 }) || text.utf8.elementsEqual(text._nfcCodeUnits)
    }

    /// Whether `text` is stored in another form than its ``canonical(_:)`` one (an account made
    /// before names were normalized), compared byte for byte (Swift's `==` would call them equal).
    static func hasOtherForm(_ text: String) -> Bool {
        !isNFC(text)
    }

    /// `U+0000`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
