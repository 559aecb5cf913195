/// Makes the journal's operation ids (see ``OperationID``) in increasing order: RFC 9562's
/// version 7 with a counter (its "method 1"). The 42 bits after the milliseconds — `rand_a`
/// and the top 30 bits of `rand_b` — are a counter that starts at a random value below 2^41
/// in each new millisecond and goes up by one for every id made in the same millisecond (or
/// in an earlier one, when the clock steps back: the ids keep the last millisecond); the
/// last 32 bits are random.
///
/// Why it matters: a `save` of many objects writes every change with the same `now`, and
/// with random bits after the milliseconds their ids landed on random pages of the journal's
/// `operationId` index and of the server's `operations` key. The push then read and wrote
/// about one page of each per change once those indexes outgrew SQLite's page cache, so a
/// push of 100,000 waiting changes cost more per change than one of 10,000. In creation
/// order, every batch touches the few pages at the index's end (or start).
///
/// One per open store (``StoreState``), used under the store's lock, like the object ids.
final class OperationIDGenerator {
    private var lastMilliseconds: UInt64 = 0
    private var counter: UInt64 = 0
    private var random: any RandomNumberGenerator

    /// A generator drawing its random bits from `random` (the system's by default).
    init(random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.random = random
    }

    private static let counterLimit: UInt64 = 1 << 42

    /// The next id, for a change made at `seconds` since 1970; greater than every id this
    /// generator made before.
    func next(at seconds: Double) -> String {
        let milliseconds = OperationID.milliseconds(seconds)
        if milliseconds > lastMilliseconds {
            lastMilliseconds = milliseconds
            counter = random.next() & (Self.counterLimit / 2 - 1)
        } else {
            counter += 1
            if counter == Self.counterLimit {
                // 2^41 ids in one millisecond: borrow the next one.
                lastMilliseconds += 1
                counter = random.next() & (Self.counterLimit / 2 - 1)
            }
        }
        let tail: UInt64 = random.next() & 0xffff_ffff
        return OperationID.format(milliseconds: lastMilliseconds, randA: counter >> 30, randB: (counter & (1 << 30 - 1)) << 32 | tail)
    }
}
