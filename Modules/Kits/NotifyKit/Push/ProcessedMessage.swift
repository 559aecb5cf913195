public import StrataSync

/// One push message and what happened to it in one look at the channel.
public struct ProcessedMessage: Sendable, Hashable {
    /// The message as the server sent it.
    public var message: PushedMessage
    /// What happened to it: `recorded` or `duplicate` (delivered, then acknowledged),
    /// `quarantined` (malformed: logged, skipped and acknowledged), or `retryLater` (the store
    /// failed: not acknowledged, so the next look receives it again).
    public var outcome: FileOutcome

    /// Pairs a message with its outcome.
    public init(message: PushedMessage, outcome: FileOutcome) {
        self.message = message
        self.outcome = outcome
    }
}
