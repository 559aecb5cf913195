public import Testing

/// The error of type `E` that `body` throws, or `nil` — recorded as a test issue at the
/// caller's line — when it throws nothing or an error of another type.
///
/// ```swift
/// let error = try #require(await thrownError(DomainError.self) { try decode(json) })
/// #expect(error.code == .malformedInput)
/// ```
public func thrownError<E: Error>(
    _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> some Any
) async -> E? {
    do {
        _ = try await body()
        Issue.record("expected a \(E.self); nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected a \(E.self); got \(Swift.type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
