import Testing

/// A suite trait: each of its tests runs only while it holds the one slot shared by every
/// integration test, so one integration test runs at a time. They start hundreds of child
/// processes; many at once would leave the 2 cores to them and make the timed unit tests
/// running beside them in the one `swift test` run late (two at a time still made a 250 ms
/// wake-up bound fail). A test waiting for the slot is suspended: it holds no thread.
struct ChildProcessSlot: SuiteTrait, TestTrait, TestScoping {
    /// The suite's tests and their cases each take a slot.
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { testCase == nil ? nil : self }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Slots.shared.enter()
        do {
            try await function()
        } catch {
            await Slots.shared.leave()
            throw error
        }
        await Slots.shared.leave()
    }
}

extension Trait where Self == ChildProcessSlot {
    /// Runs each test of the suite in the integration tests' one shared slot: one at a time.
    static var childProcessSlot: Self { Self() }
}

/// The slot (one), handed to waiters in the order they asked.
private actor Slots {
    static let shared = Slots()
    private let limit = 1
    private var taken = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        if taken < limit {
            taken += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }  // the leaving test hands its slot over
    }

    func leave() {
        if waiting.isEmpty { taken -= 1 } else { waiting.removeFirst().resume() }
    }
}
