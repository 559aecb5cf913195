import StrataCrossCutting
import StrataServerDomain

/// Password hashing on a ``BlockingLane`` of a fixed number of threads of its own, so that
/// CPU-heavy work never runs on the event loops or the cooperative pool; async callers await
/// it. Jobs queue on the lane's threads in turn; the ``AdmissionGate`` in front of it bounds
/// how many wait.
struct HashingLane: PasswordHashing {
    private let lane: BlockingLane

    /// A lane of `threads` threads.
    init(threads: Int) {
        lane = BlockingLane(label: "strata.server.hashing", width: .threads(threads))
    }

    /// Runs `work` on one of the lane's threads and returns its result.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await lane.run(work)
    }
}
