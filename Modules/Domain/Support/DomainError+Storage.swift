import StrataStore

extension DomainError {
    /// `error` as the domain reports it: a ``DomainError`` unchanged, a `DataError` `notFound`
    /// as ``Code/notFound`` and any other `DataError` as ``Code/storage``, each keeping the
    /// data layer's message (it names the type, key or file).
    static func wrapping(_ error: any Error) -> DomainError {
        switch error {
        case let error as DomainError:
            error
        case let error as DataError where error.code == .notFound:
            DomainError(.notFound, error.message)
        case let error as DataError:
            DomainError(.storage, error.message)
        default:
            DomainError(.storage, "\(error)")
        }
    }

    /// An `invalidInput` error, naming the refused `field` if any.
    static func invalidInput(_ message: String, field: String? = nil) -> DomainError {
        DomainError(.invalidInput, message, field: field)
    }

    /// A `notFound` error, naming the field holding the id if any.
    static func notFound(_ message: String, field: String? = nil) -> DomainError {
        DomainError(.notFound, message, field: field)
    }
}

/// Runs a use case's body, reporting every error it throws as a ``DomainError``
/// (see ``DomainError/wrapping(_:)``).
func withStorage<Result>(_ body: () async throws -> Result) async throws -> Result {
    do {
        return try await body()
    } catch {
        throw DomainError.wrapping(error)
    }
}
