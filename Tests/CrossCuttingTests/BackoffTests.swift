import StrataCrossCutting
import Synchronization
import Testing

@Suite("Backoff: exponential, full jitter, capped")
struct BackoffTests {
    @Test("the ceiling starts at first, doubles per failure and stops at the cap; no failure is no wait")
    func ceilingsDoubleUpToTheCap() {
        let backoff = Backoff(first: 0.5, cap: 3)
        #expect(backoff.ceiling(afterFailures: 0) == 0)
        #expect((1...6).map(backoff.ceiling(afterFailures:)) == [0.5, 1, 2, 3, 3, 3])
        #expect(backoff.ceiling(afterFailures: 10_000) == 3, "a long outage never overflows")
    }

    @Test("with jitter each delay is the random source's draw from 0…ceiling")
    func jitterDrawsBelowTheCeiling() {
        let ranges = Mutex<[ClosedRange<Double>]>([])
        let backoff = Backoff(first: 1, cap: 8) { range in
            ranges.withLock { $0.append(range) }
            return range.upperBound * 0.25
        }
        #expect(backoff.delays(count: 5) == [0.25, 0.5, 1, 2, 2])
        #expect(ranges.withLock { $0 } == [0...1, 0...2, 0...4, 0...8, 0...8])
    }

    @Test("a draw outside the range is clamped into 0…ceiling")
    func drawsAreClamped() {
        #expect(Backoff(first: 1, cap: 4, random: { _ in 99 }).delay(afterFailures: 2) == 2)
        #expect(Backoff(first: 1, cap: 4, random: { _ in -1 }).delay(afterFailures: 2) == 0)
    }

    @Test("without jitter the delay is the ceiling; the system's random source stays within it")
    func withoutJitterAndWithTheSystemSource() {
        #expect(Backoff(first: 0.2, cap: 5, jitter: false).delays(count: 6) == [0.2, 0.4, 0.8, 1.6, 3.2, 5])
        let system = Backoff(first: 1, cap: 16)
        for failures in 1...8 {
            let delay = system.delay(afterFailures: failures)
            #expect(delay >= 0 && delay <= system.ceiling(afterFailures: failures))
        }
        #expect(Backoff(first: 0, cap: 10).delays(count: 3) == [0, 0, 0])
    }
}
