/// A type's own way to settle a conflict without asking the user, declared with its schema
/// (``ValueObjectSchema``): given both sides, the values to send for the conflict's fields, or
/// `nil` to leave it to the user (`strata-host sync conflicts`).
public struct ConflictResolver: Sendable {
    /// Settles `conflict`, or `nil` to ask the user.
    public let resolve: @Sendable (_ conflict: SyncConflict) -> [String: FieldValue]?

    /// A resolver.
    public init(_ resolve: @escaping @Sendable (_ conflict: SyncConflict) -> [String: FieldValue]?) {
        self.resolve = resolve
    }
}
