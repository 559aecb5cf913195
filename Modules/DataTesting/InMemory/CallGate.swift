import StrataData

/// The calls a test allows, checked by every part of an in-memory data layer before it
/// touches any state.
struct CallGate: Sendable {
    /// The operations a test allows; `nil` allows every operation.
    let allowing: Set<DataOperation>?

    /// Throws `unexpectedCall` when the test did not allow `operation`; `subject` completes
    /// the call's description (the type name, an operation id, …).
    func admit(_ operation: DataOperation, _ subject: String = "") throws {
        guard let allowing, !allowing.contains(operation) else { return }
        throw refusal(operation, subject)
    }

    /// Whether `operation` is allowed (for members that cannot throw).
    func allows(_ operation: DataOperation) -> Bool {
        allowing?.contains(operation) ?? true
    }

    /// The error of a refused call: `StrataDataTesting: unexpected call to save(Item); this
    /// double allows only: register, query`.
    func refusal(_ operation: DataOperation, _ subject: String) -> DataError {
        let allowed = DataOperation.allCases.filter { allowing?.contains($0) ?? true }.map(\.rawValue)
        let rule = allowed.isEmpty ? "this double allows no calls" : "this double allows only: \(allowed.joined(separator: ", "))"
        return DataError(.unexpectedCall, "StrataDataTesting: unexpected call to \(operation.call(on: subject)); \(rule)")
    }
}
