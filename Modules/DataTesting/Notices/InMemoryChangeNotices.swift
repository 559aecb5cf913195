import Foundation
import StrataData
import Synchronization

/// The change notices of an in-memory data layer: each stream gets a ``StoreChange`` after
/// every in-memory commit (save, delete, deleteAll, a purge at registration) touching a
/// type it asked for — at once, with no polling.
final class InMemoryChangeNotices: ChangeNotices {
    private let gate: CallGate
    /// The open streams: the types each asked for (all when empty) and where to yield.
    private let streams = Mutex<[UUID: (typeNames: Set<String>, continuation: AsyncStream<StoreChange>.Continuation)]>([:])

    init(gate: CallGate) {
        self.gate = gate
    }

    /// A stream of the commits after this call.
    ///
    /// - Important: this member cannot throw, so when the test did not allow `.notices` the
    ///   stream ends at once, yielding nothing.
    func changes(of typeNames: Set<String>) -> AsyncStream<StoreChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
        guard gate.allows(.notices) else {
            continuation.finish()
            return stream
        }
        let id = UUID()
        streams.withLock { $0[id] = (typeNames, continuation) }
        continuation.onTermination = { [weak self] _ in
            self?.streams.withLock { _ = $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every stream that asked for `typeName` (or for all types) that it changed.
    func publish(_ typeName: String) {
        let targets = streams.withLock { streams in
            streams.values.filter { $0.typeNames.isEmpty || $0.typeNames.contains(typeName) }.map(\.continuation)
        }
        for continuation in targets { continuation.yield(StoreChange(typeNames: [typeName])) }
    }
}
