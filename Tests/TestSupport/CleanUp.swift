/// Runs `body` with `resource`, then awaits `cleanUp(resource)` however `body` ends (it
/// returns or throws): the `defer` that async clean-up (stopping a server, waiting for a
/// process) cannot have, since a `defer` block cannot `await`.
public func withCleanUp<Resource: Sendable, Result>(
    of resource: Resource, by cleanUp: (Resource) async -> Void, isolation: isolated (any Actor)? = #isolation,
    _ body: (Resource) async throws -> Result
) async throws -> Result {
    let result: Result
    do {
        result = try await body(resource)
    } catch {
        await cleanUp(resource)
        throw error
    }
    await cleanUp(resource)
    return result
}
