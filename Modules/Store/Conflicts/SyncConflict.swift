#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A write of this device's that met another user's concurrent write of the same fields:
/// either the server replaced it (``Kind/overwritten``, the type merges fields) or refused it
/// (``Kind/refused``, the type is ``ConflictPolicy/failIfChanged``).
public struct SyncConflict: Sendable, Hashable, Identifiable {
    /// How the conflict ended on the server.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// The other write came later in the server's order and replaced this device's.
        case overwritten
        /// The server refused this device's change; it waits in the journal's rejected list.
        case refused
    }

    /// A stable id to resolve it by: the refused change's operation id, or for an overwrite
    /// the overwritten change's operation id and the replacing write's server version.
    public var id: String
    /// How it ended.
    public var kind: Kind
    /// The value-object type.
    public var typeName: String
    /// The object's id.
    public var objectID: String
    /// The fields both wrote.
    public var fields: [String]
    /// This device's values for ``fields`` (a field absent here was cleared).
    public var mine: [String: FieldValue]
    /// The server's values for ``fields`` now (a field absent here was cleared).
    public var theirs: [String: FieldValue]
    /// The account whose write the server holds, when known.
    public var byAccount: String?
    /// The server version ``theirs`` was read at: a resend is based on it.
    public var serverVersion: Int64
    /// When this device learnt of it.
    public var detectedAt: Date

    /// A conflict.
    public init(
        id: String, kind: Kind, typeName: String, objectID: String, fields: [String], mine: [String: FieldValue],
        theirs: [String: FieldValue], byAccount: String?, serverVersion: Int64, detectedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.typeName = typeName
        self.objectID = objectID
        self.fields = fields
        self.mine = mine
        self.theirs = theirs
        self.byAccount = byAccount
        self.serverVersion = serverVersion
        self.detectedAt = detectedAt
    }
}

/// How the user (or a ``ConflictResolver``) settles a ``SyncConflict``.
public enum ConflictChoice: Sendable, Hashable {
    /// Send this device's values again, on top of the server's current version.
    case keepMine
    /// Take the server's values; nothing is sent.
    case keepTheirs
    /// Send these values for the conflict's fields, on top of the server's current version.
    case merged([String: FieldValue])
}
