import StrataStore

/// What a double checks before each call reaches the real store: the calls a test allows,
/// and the failures it injects. Every part of a double's layer holds the same gate, and with
/// it the layer's ``TemporaryContainer``, so the store's directory lives as long as any part.
struct CallGate: Sendable {
    /// The operations a test allows; `nil` allows every operation.
    let allowing: Set<DataOperation>?
    /// The error each listed operation throws instead of reaching the store.
    let failures: [DataOperation: any Error]
    /// The directory of the real store behind the double (removed when the last part goes).
    let container: TemporaryContainer

    /// Throws `unexpectedCall` when the test did not allow `operation`, or the failure the
    /// test injected for it; `subject` completes the call's description (the type name, an
    /// operation id, …). Either way the store is not touched.
    func admit(_ operation: DataOperation, _ subject: String = "") throws {
        if let allowing, !allowing.contains(operation) { throw refusal(operation, subject) }
        if let failure = failures[operation] { throw failure }
    }

    /// Whether `operation` is allowed and not failing (for members that cannot throw).
    func allows(_ operation: DataOperation) -> Bool {
        (allowing?.contains(operation) ?? true) && failures[operation] == nil
    }

    /// The error of a refused call: `StrataDataTesting: unexpected call to save(Item); this
    /// double allows only: register, query`.
    func refusal(_ operation: DataOperation, _ subject: String) -> DataError {
        let allowed = DataOperation.allCases.filter { allowing?.contains($0) ?? true }.map(\.rawValue)
        let rule = allowed.isEmpty ? "this double allows no calls" : "this double allows only: \(allowed.joined(separator: ", "))"
        return DataError(.unexpectedCall, "StrataDataTesting: unexpected call to \(operation.call(on: subject)); \(rule)")
    }
}
