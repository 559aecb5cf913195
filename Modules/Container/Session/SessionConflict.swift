public import Foundation

/// A write of this device's that met another user's concurrent write of the same fields, as
/// the ``SessionService`` lists it: the server replaced it (`overwritten`) or refused it
/// (`refused`); it stays until the user keeps theirs (sent again on top of the server's
/// version) or takes the other's.
public struct SessionConflict: Sendable, Hashable {
    /// The id to settle it by (an unambiguous start of it names it too).
    public var id: String
    /// `overwritten` (the other write replaced this device's) or `refused` (the server refused
    /// this device's change; the type does not let a colleague's value be replaced unseen).
    public var kind: String
    /// The value-object type (`CaseReport`).
    public var typeName: String
    /// The object's id.
    public var objectID: String
    /// The fields both wrote.
    public var fields: [String]
    /// This device's values of ``fields``, as people read them (`none`: cleared).
    public var mine: [String: String]
    /// The server's values of ``fields`` now, as people read them (`none`: cleared).
    public var theirs: [String: String]
    /// The account whose write the server holds, when known.
    public var byAccount: String?
    /// When this device learnt of it.
    public var detectedAt: Date

    /// A conflict with every field given.
    public init(
        id: String, kind: String, typeName: String, objectID: String, fields: [String], mine: [String: String],
        theirs: [String: String], byAccount: String?, detectedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.typeName = typeName
        self.objectID = objectID
        self.fields = fields
        self.mine = mine
        self.theirs = theirs
        self.byAccount = byAccount
        self.detectedAt = detectedAt
    }
}
