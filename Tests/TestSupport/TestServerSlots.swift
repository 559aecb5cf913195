/// How many real `strata-server` children the tests run at once: `withTestServer` holds one of
/// ``limit`` slots for the server's lifetime.
///
/// Without it the parallel test run started over 60 servers (and their PostgreSQL databases)
/// in its first minute on 2 cores; everything else in the run then waited tens of seconds for a
/// thread (a PostgreSQL connection lease timed out after 5 s, an in-memory store answered after
/// 40 s). A test waiting for a slot is suspended and holds no thread. A task that already holds
/// a slot (a test starting a second instance inside the first) starts more servers without
/// taking another, so nested servers never wait on themselves.
enum TestServerSlots {
    /// The servers running at once.
    static let limit = 6

    /// Whether the current task holds a slot.
    @TaskLocal static var held = false

    /// Runs `body` holding a slot (or the one the task holds already).
    static func holding<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws -> Result {
        if held { return try await body() }
        return try await slots.holding { try await $held.withValue(true) { try await body() } }
    }

    private static let slots = ChildSlots(limit: limit)
}
