import StrataServerDomain
import Synchronization

/// Closing the services' storage when a command is done with it, within a deadline: a
/// `serve` that has shut down closes its pool before it exits 0, and one whose storage will
/// not close in time exits 1 saying so rather than hanging past what its supervisor allows.
enum ServicesClosing {
    /// Closes `services` (``ServerServices/close()``); throws when that fails or takes longer
    /// than `deadline` (the close is then left running: the process is about to exit).
    static func close(_ services: any ServerServices, within deadline: Duration) async throws {
        let outcome: Result<Void, any Error>? = await withCheckedContinuation { continuation in
            let pending = Mutex<CheckedContinuation<Result<Void, any Error>?, Never>?>(continuation)
            let finish: @Sendable (Result<Void, any Error>?) -> Void = { outcome in
                pending.withLock { pending in
                    pending?.resume(returning: outcome)
                    pending = nil
                }
            }
            let closing = Task {
                do {
                    try await services.close()
                    finish(.success(()))
                } catch {
                    finish(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: deadline)
                if !closing.isCancelled { finish(nil) }
            }
        }
        guard let outcome else {
            throw ServerError(.storage, "the database did not close within \(deadline.components.seconds) s; exiting anyway")
        }
        try outcome.get()
    }
}
