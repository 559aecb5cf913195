/// The two pools a server's handlers use: `hashing` for logins (so they queue behind each
/// other, not in front of other users' requests), `storage` for everything else.
struct RequestWorkers: Sendable {
    let hashing: WorkPool
    let storage: WorkPool

    /// Starts the pools, runs `body` with them, and shuts them down when it returns or throws.
    static func with<T>(
        _ protections: ServerProtections, _ body: (RequestWorkers) async throws -> T
    ) async throws -> T {
        let workers = RequestWorkers(
            hashing: WorkPool(name: "login", threads: protections.hashingThreads, queueLimit: protections.hashingQueue),
            storage: WorkPool(name: "storage", threads: protections.storageThreads, queueLimit: protections.storageQueue))
        workers.hashing.start()
        workers.storage.start()
        do {
            let result = try await body(workers)
            await workers.hashing.shutdown()
            await workers.storage.shutdown()
            return result
        } catch {
            await workers.hashing.shutdown()
            await workers.storage.shutdown()
            throw error
        }
    }
}
