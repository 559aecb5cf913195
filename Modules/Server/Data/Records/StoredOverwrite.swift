public import Foundation
public import StrataWire

/// An overwrite notice: a user's field write that another user's concurrent write replaced
/// (made on a copy older than it). The replaced user's pulls of the type carry it (as a
/// ``WireOverwrite``) until it is 30 days old.
public struct StoredOverwrite: Sendable, Hashable {
    /// The value-object type.
    public var typeName: String
    /// The object's id.
    public var objectId: String
    /// The version of the write that replaced the fields.
    public var version: Int64
    /// The user whose write was replaced (the notice is theirs).
    public var userId: String
    /// The operation id of that user's replaced change.
    public var operationId: String
    /// The fields replaced.
    public var fields: [String]
    /// What the replaced write had set those fields to (absent: removed).
    public var yours: [String: WireValue]
    /// What the new write set them to (absent: removed).
    public var theirs: [String: WireValue]
    /// The user whose write replaced them.
    public var byUser: String
    /// When the notice was recorded.
    public var recordedAt: Date

    /// A notice.
    public init(
        typeName: String, objectId: String, version: Int64, userId: String, operationId: String, fields: [String],
        yours: [String: WireValue], theirs: [String: WireValue], byUser: String, recordedAt: Date
    ) {
        self.typeName = typeName
        self.objectId = objectId
        self.version = version
        self.userId = userId
        self.operationId = operationId
        self.fields = fields
        self.yours = yours
        self.theirs = theirs
        self.byUser = byUser
        self.recordedAt = recordedAt
    }

    /// How long a notice is kept: older ones are pruned when new ones are recorded.
    public static let keptFor: TimeInterval = 30 * 24 * 60 * 60
}
