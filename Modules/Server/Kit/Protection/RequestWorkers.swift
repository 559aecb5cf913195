/// What bounds a server's handlers: `logins` admits logins (at most `hashingQueue` at once),
/// whose password hashing runs on `hashing`, threads of its own, where they queue behind each
/// other, not in front of other users' requests; `storage` admits every other request (at most
/// `storageQueue` at once), whose SQLite work runs on the databases' own queues.
struct RequestWorkers: Sendable {
    let logins: AdmissionGate
    let hashing: WorkPool
    let storage: AdmissionGate

    /// Starts the hashing pool, runs `body` with the workers, and shuts the pool down when it
    /// returns or throws.
    static func with<T>(
        _ protections: ServerProtections, _ body: (RequestWorkers) async throws -> T
    ) async throws -> T {
        let workers = RequestWorkers(
            logins: AdmissionGate(name: "login", limit: protections.hashingQueue),
            hashing: WorkPool(threads: protections.hashingThreads),
            storage: AdmissionGate(name: "storage", limit: protections.storageQueue))
        workers.hashing.start()
        do {
            let result = try await body(workers)
            await workers.hashing.shutdown()
            return result
        } catch {
            await workers.hashing.shutdown()
            throw error
        }
    }
}
