import Foundation
import StrataCrossCutting
@testable import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import Testing

/// The journal's operation ids sort in the order the changes were made, even when a whole
/// batch is saved at one instant: the journal's `operationId` index and the server's
/// `operations` key then grow at one end, and a push of a long offline period's changes
/// touches a few index pages per batch instead of one per change.
@Suite("Operation ids: made in increasing order")
struct OperationIDOrderTests {
    @Test("a batch saved at one instant gets operation ids in journal order")
    func batchAtOneInstantIsOrdered() async throws {
        let layer = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: TestClock())
        try await layer.store.register(Visit.self)
        _ = try await layer.store.save((0..<2_000).map { Visit(note: "visit \($0)") })
        _ = try await layer.store.save((0..<500).map { Visit(note: "later visit \($0)") })
        let ids = try await layer.journal.changes(in: [.pending], limit: nil).map(\.operationID)
        #expect(ids.count == 2_500)
        #expect(ids == ids.sorted(), "journal (sequence) order is operation id order")
        #expect(Set(ids).count == ids.count)
    }

    @Test("ids of one millisecond, and of a clock that steps back, keep increasing and stay version 7 UUIDs")
    func generatorIncreases() throws {
        let generator = OperationIDGenerator()
        let instants = Array(repeating: 1_800_000_000.0, count: 5_000) + [1_799_999_000, 1_800_000_000.0005, 1_800_000_001]
        let ids = instants.map(generator.next(at:))
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(ids[0].hasPrefix("01a3185c-5000-7"))
        #expect(ids[5_000].hasPrefix("01a3185c-5000-7"), "a clock stepping back keeps the last millisecond")
        #expect(ids.last?.hasPrefix("01a3185c-53e8-7") == true)
        for id in ids.prefix(3) + ids.suffix(3) {
            let uuid = try #require(UUID(uuidString: id))
            #expect(uuid.uuidString.lowercased() == id)
            #expect(uuid.uuid.6 >> 4 == 7, "version 7")
            #expect(uuid.uuid.8 >> 6 == 2, "RFC 9562 variant")
        }
    }

    /// A generator whose random bits are all ones: the counter starts at its highest start
    /// (2^41 - 1), far from its limit.
    struct AllOnes: RandomNumberGenerator {
        mutating func next() -> UInt64 { .max }
    }

    @Test("the counter starts below half its range, so a millisecond has room for 2^41 ids")
    func counterHeadroom() {
        let generator = OperationIDGenerator(random: AllOnes())
        let first = generator.next(at: 1_800_000_000)
        let second = generator.next(at: 1_800_000_000)
        // rand_a is the counter's top 12 bits: 0x7ff at the highest start, then unchanged.
        #expect(first.hasPrefix("01a3185c-5000-77ff-bfff-ffff"))
        #expect(second.hasPrefix("01a3185c-5000-7800-8000-0000"), "the counter carried into rand_a")
        #expect(first < second)
    }
}
