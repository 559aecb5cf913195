public import StrataStore

/// How a follow-up settles a conflict by itself (the schema's ``ConflictResolver``).
extension FollowUp {
    /// Settles a refused follow-up change whose only conflicting field is `isDone`: done wins
    /// (a follow-up one colleague marked done stays done), so the values sent are `isDone`
    /// true when either side marked it done. Any other field conflicting (a date, a blood
    /// pressure, the memo, a medication) is the user's to settle: `nil`. The quiet `createdAt`
    /// never counts as conflicting.
    public static let conflictResolver: ConflictResolver = ConflictResolver { conflict in
        let fields = Set(conflict.fields).subtracting(quietFields)
        guard fields == ["isDone"] else { return nil }
        let done = isSet(conflict.mine["isDone"]) || isSet(conflict.theirs["isDone"])
        return ["isDone": .integer(done ? 1 : 0)]
    }

    /// The fields whose concurrent writes are never reported: bookkeeping (``createdAt``).
    static let quietFields = ["createdAt"]

    /// Whether a stored `Bool` value is true (stored as the integer 1; absent or null is false).
    private static func isSet(_ value: FieldValue?) -> Bool {
        if case .integer(let number) = value { return number != 0 }
        return false
    }
}
