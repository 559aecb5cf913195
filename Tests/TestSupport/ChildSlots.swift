/// At most `limit` holders at once, handed to waiters in the order they asked: how the test
/// support keeps a parallel `swift test` run from starting dozens of the same child process at
/// once on 2 cores (``TestServerSlots``, `psql` in ``TestPostgres``). A waiter is suspended and
/// holds no thread. The integration tests' one shared slot (`.childProcessSlot`) is one too.
public final class ChildSlots: Sendable {
    private let gate: Gate

    /// Slots for `limit` holders.
    public init(limit: Int) {
        gate = Gate(limit: limit)
    }

    /// Runs `body` holding a slot.
    public func holding<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws -> Result {
        await gate.enter()
        do {
            let result = try await body()
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }
}

/// The count and the queue of ``ChildSlots``.
private actor Gate {
    private let limit: Int
    private var taken = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Slots for `limit` holders.
    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a slot, waiting for one when all are taken.
    func enter() async {
        if taken < limit {
            taken += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }  // a leaving holder hands its slot over
    }

    /// Gives the slot back (to the longest waiter, if any).
    func leave() {
        if waiting.isEmpty { taken -= 1 } else { waiting.removeFirst().resume() }
    }
}
