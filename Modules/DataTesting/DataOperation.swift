/// One operation of the data layer's protocols, as a test double names it.
///
/// Pass a set of these as `allowing:` to
/// ``StrataData/DataLayerFactory/inMemory(readOnly:allowing:failing:clock:)`` to say
/// which calls a test expects (any other call fails loudly with `DataError` `unexpectedCall`),
/// or map them to errors as `failing:` to make each call of them throw instead.
///
/// The store's own journalling (a save of a type that goes to the server writes a change)
/// is not a call to the journal: `allowing: [.register, .save]` lets a use case save a
/// `localAndServer` type without allowing any journal member.
public enum DataOperation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `ValueObjectStore.register(_:)`.
    case register
    /// `ValueObjectStore.save(_:)` with one object.
    case save
    /// `ValueObjectStore.save(_:)` with a list of objects.
    case saveList
    /// `ValueObjectStore.fetch(_:id:)`.
    case fetch
    /// `ValueObjectStore.delete(_:)` with one object.
    case delete
    /// `ValueObjectStore.delete(_:)` with a list of objects.
    case deleteList
    /// `ValueObjectStore.deleteAll(_:)`.
    case deleteAll
    /// `ValueObjectStore.query(_:)`.
    case query
    /// `ValueObjectStore.count(_:)`.
    case count

    /// `ChangeJournal.pendingCount()`.
    case pendingCount
    /// `ChangeJournal.changes(in:limit:)`.
    case changes
    /// `ChangeJournal.rejected()`.
    case rejected
    /// `ChangeJournal.retry(operationID:)`.
    case retry
    /// `ChangeJournal.discard(operationID:)`.
    case discard
    /// `ChangeJournal.claim(limit:)`.
    case claim
    /// `ChangeJournal.acknowledge(operationIDs:)`.
    case acknowledge
    /// `ChangeJournal.reject(operationID:reason:)`.
    case reject
    /// `ChangeJournal.release(operationIDs:)`.
    case release

    /// `DiagnosticLog.logError(_:metadata:)`.
    case logError
    /// `DiagnosticLog.logMonitor(_:metadata:)`.
    case logMonitor
    /// `DiagnosticLog.collectionLevel()`.
    case collectionLevel
    /// `DiagnosticLog.setCollectionLevel(_:)`.
    case setCollectionLevel
    /// `DiagnosticLog.entries(limit:)`.
    case logEntries
    /// `DiagnosticLog.removeEntries(through:)`.
    case removeLogEntries

    /// `SessionStore.current()`.
    case currentSession
    /// `SessionStore.save(_:)`.
    case saveSession
    /// `SessionStore.clear()`.
    case clearSession

    /// `ChangeNotices.changes(of:)`.
    case notices

    /// The operation's name, as the error of an unexpected call lists it (`saveList`).
    public var description: String { rawValue }

    /// How a call of this operation reads in an error message: `save(CaseReport)`,
    /// `save([CaseReport])` for the store (`subject` is the type name), and the member for
    /// the other parts: `journal.claim(limit:)`, `session.current()`.
    func call(on subject: String) -> String {
        switch self {
        case .register, .save, .fetch, .delete, .deleteAll, .query, .count: "\(rawValue)(\(subject))"
        case .saveList: "save([\(subject)])"
        case .deleteList: "delete([\(subject)])"
        case .pendingCount: "journal.pendingCount()"
        case .changes: "journal.changes(in:limit:)"
        case .rejected: "journal.rejected()"
        case .retry: "journal.retry(operationID: \(subject))"
        case .discard: "journal.discard(operationID: \(subject))"
        case .claim: "journal.claim(limit: \(subject))"
        case .acknowledge: "journal.acknowledge(operationIDs:)"
        case .reject: "journal.reject(operationID: \(subject), reason:)"
        case .release: "journal.release(operationIDs:)"
        case .logError: "diagnostics.logError(_:metadata:)"
        case .logMonitor: "diagnostics.logMonitor(_:metadata:)"
        case .collectionLevel: "diagnostics.collectionLevel()"
        case .setCollectionLevel: "diagnostics.setCollectionLevel(\(subject))"
        case .logEntries: "diagnostics.entries(limit:)"
        case .removeLogEntries: "diagnostics.removeEntries(through: \(subject))"
        case .currentSession: "session.current()"
        case .saveSession: "session.save(_:)"
        case .clearSession: "session.clear()"
        case .notices: "notices.changes(of: \(subject))"
        }
    }
}
