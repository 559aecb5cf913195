/// What ``ServerDataLayer/pushSignals()`` reports: push messages were committed, by this
/// process or by another one (another instance, `strata-server admin push`).
public enum PushSignal: Sendable, Hashable {
    /// Messages for these channels were committed.
    case stored([PushChannel])
    /// Messages may have been committed without a signal naming their channels (the listener
    /// reconnected after a lost connection, or a batch named too many channels): whoever waits
    /// should look for channels with new messages (``ControlStore/pushChannels(after:)``).
    case check
    /// A push committed changes (``DataWake``), in this process or another instance.
    case changed(DataWake)
}
