import StrataWire

/// The kinds a query value is compared within, on either engine: a condition compares a stored
/// value only with values of its own kind, found by the stored value's tag (`["i", 44]`).
enum QueryValueKind: CaseIterable {
    case number, text, bytes

    /// The kind of `value`, or `nil` for null (which no comparison matches).
    static func of(_ value: WireValue) -> QueryValueKind? {
        switch value {
        case .null: nil
        case .integer, .real: .number
        case .text: .text
        case .blob: .bytes
        }
    }

    /// The SQL test a stored tag passes for this kind (after the tag expression).
    var tagTest: String {
        switch self {
        case .number: "IN ('i', 'r')"
        case .text: "= 't'"
        case .bytes: "= 'b'"
        }
    }
}
