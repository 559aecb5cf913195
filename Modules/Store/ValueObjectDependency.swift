/// A value-object type's parent: each object names one object of `parentType` in its key
/// `key` (e.g. a follow-up's `caseReportID` names a `CaseReport`), and cannot outlive it.
///
/// When a pull deletes a parent (the server deleted it, or no longer shows it to this user),
/// the store deletes the parent's dependent rows in the same transaction as the pulled page,
/// grandchildren too; so no count or listing ever sees an orphan.
///
/// ```swift
/// static let schema = ValueObjectSchema<FollowUp>("FollowUp", fields: [...],
///     dependsOn: [ValueObjectDependency("caseReportID", on: "CaseReport")])
/// ```
///
/// - Important: a dependent row with a change still waiting in the journal (`pending` or
///   `rejected`) goes too, and its waiting changes with it: the parent is gone on the
///   server for every user, so such a change could only be refused or leave an orphan
///   there. A change already in flight is left to finish (the server settles it).
///
/// With `sharesVisibility`, an object is seen by whoever sees its parent: each save stamps it
/// with the scope and owner group of the parent row it names (read from the local store in
/// the same transaction), and that scope goes to the server with the change. A parent not
/// stored locally leaves the type's own scope and the signed-in owner. At most one of a
/// type's dependencies may share visibility.
///
/// ```swift
/// dependsOn: [ValueObjectDependency("caseReportID", on: "CaseReport", sharesVisibility: true)]
/// ```
public struct ValueObjectDependency: Sendable, Hashable {
    /// The dependent type's key holding the parent's object id (a text field).
    public var key: String
    /// The parent's type name.
    public var parentType: String
    /// Whether each object takes its parent's scope and owner group when saved.
    public var sharesVisibility: Bool

    /// A dependency: the objects' `key` names an object of `parentType`; with
    /// `sharesVisibility`, each object is stamped with its parent's scope and owner group.
    public init(_ key: String, on parentType: String, sharesVisibility: Bool = false) {
        self.key = key
        self.parentType = parentType
        self.sharesVisibility = sharesVisibility
    }
}
