import StrataTestSupport
import Testing
import Foundation

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
        try await Self.slot.holding {
            guard ProcessInfo.processInfo.environment["STRATA_TEST_SLOT_LOG"] != nil else {
                return try await function()
            }
            let clock = ContinuousClock()
            let start = clock.now
            defer { print("slot held \(clock.now - start) by \(test.id)") }
            try await function()
        }
    }

    /// The one slot every integration test shares.
    private static let slot = ChildSlots(limit: 1)
}

extension Trait where Self == ChildProcessSlot {
    /// Runs each test of the suite in the integration tests' one shared slot: one at a time.
    static var childProcessSlot: Self { Self() }
}
