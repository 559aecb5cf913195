/// An optional value a JSON shape writes as `null` when it is absent, never leaving its key
/// out, so every document of a shape has the same keys.
///
/// A synthesized `Encodable` leaves out an optional that is `nil` (`encodeIfPresent`); marking
/// the property `@NullIfAbsent` keeps its key:
///
/// ```swift
/// struct NotificationJSON: Encodable {
///     @NullIfAbsent var reportId: String?      // "reportId": null
/// }
/// ```
@propertyWrapper
public struct NullIfAbsent<Value: Encodable & Equatable & Sendable>: Encodable, Equatable, Sendable {
    /// The value, or `nil` (written `null`).
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Writes the value, or `null` when there is none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
