import StrataData
import StrataDataTesting
import StrataStore

/// A store over a real one whose `fetch` always fails with `DataError` `sqlite`, as a store
/// with a damaged page would: every other call goes straight through.
struct FailingLookups: ForwardingStore {
    /// The message of the error every `fetch` throws.
    static let failure = "disk I/O error reading test.sqlite"

    let base: any ValueObjectStore

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        throw DataError(.sqlite, Self.failure)
    }
}
