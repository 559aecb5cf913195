/// What bounds a server's handlers: `logins` admits logins (at most `hashingQueue` at once),
/// whose password hashing runs on `hashing`, a blocking lane of its own threads, where they queue behind each
/// other, not in front of other users' requests; `storage` admits every other request (at most
/// `storageQueue` at once), whose SQLite work runs on the databases' own queues.
struct RequestWorkers: Sendable {
    let logins: AdmissionGate
    let hashing: HashingLane
    let storage: AdmissionGate

    /// Runs `body` with the workers (the hashing lane needs no start or stop: its threads are
    /// libdispatch's, idle ones given back).
    static func with<T>(
        _ protections: ServerProtections, _ body: (RequestWorkers) async throws -> T
    ) async throws -> T {
        let workers = RequestWorkers(
            logins: AdmissionGate(name: "login", limit: protections.hashingQueue),
            hashing: HashingLane(threads: protections.hashingThreads),
            storage: AdmissionGate(name: "storage", limit: protections.storageQueue))
        return try await body(workers)
    }
}
