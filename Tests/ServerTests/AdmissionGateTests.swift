import Testing

@testable import StrataServerKit

/// The bound on requests in flight that replaced the storage thread pool: a full gate refuses
/// at once with 503 `busy` and `Retry-After: 1`, and a finished request frees its place.
@Suite("the admission gate bounds requests in flight")
struct AdmissionGateTests {
    @Test("with its one place taken, the gate answers 503 busy with Retry-After 1; once free, it admits again")
    func fullGateRefuses() async throws {
        let gate = AdmissionGate(name: "storage", limit: 1)
        let (entered, inside) = AsyncStream<Void>.makeStream()
        let (released, release) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await gate.admit {
                inside.yield()
                for await _ in released { break }
            }
        }
        for await _ in entered { break }
        #expect(gate.pending == 1)
        await #expect {
            try await gate.admit { Issue.record("admitted past the limit") }
        } throws: { error in
            guard let failure = error as? HTTPFailure else { return false }
            return "\(failure.status)" == "503 Service Unavailable" && failure.code == "busy" && failure.retryAfter == 1
                && failure.message == "the server has 1 storage requests waiting; try again shortly"
        }
        release.yield()
        try await holder.value
        #expect(gate.pending == 0)
        #expect(try await gate.admit { 42 } == 42)
    }
}
