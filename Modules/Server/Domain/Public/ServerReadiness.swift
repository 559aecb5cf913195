/// Whether the server can serve requests that need its database: the answer of
/// ``ServerServices/readiness()``, behind `GET /health/ready`.
public struct ServerReadiness: Sendable, Equatable {
    /// `true` when the database answered and its schema is this binary's.
    public let isReady: Bool
    /// Why not, one line (empty when ready).
    public let reason: String

    /// Ready.
    public static let ready = ServerReadiness(isReady: true, reason: "")

    /// Not ready, for `reason`.
    public static func notReady(_ reason: String) -> ServerReadiness { ServerReadiness(isReady: false, reason: reason) }

    private init(isReady: Bool, reason: String) {
        self.isReady = isReady
        self.reason = reason
    }
}
