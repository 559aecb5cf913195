/// One query condition: `key <comparison> value`.
public struct Condition: Sendable, Hashable {
    /// The key compared.
    public let key: String
    /// How it is compared.
    public let comparison: Comparison
    /// The value it is compared with.
    public let value: FieldValue

    /// Creates a condition.
    public init(key: String, comparison: Comparison, value: FieldValue) {
        self.key = key
        self.comparison = comparison
        self.value = value
    }
}
