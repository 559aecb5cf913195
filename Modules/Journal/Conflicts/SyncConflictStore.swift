public import StrataStore
public import StrataWire

/// The conflicts this device was told of (`SyncConflict`): recorded by the sync engine,
/// listed and settled by the user (`strata-host sync conflicts`, the Account screen).
public protocol SyncConflictStore: Sendable {
    /// Records the overwrites a pull of `typeName` reported for writes this device made (a
    /// notice for another device's write, or only of the type's quiet fields, is dropped), and
    /// hands back the conflicts newly recorded (a notice seen before records nothing).
    func recordOverwritten(_ notices: [WireOverwrite], typeName: String) async throws -> [SyncConflict]

    /// Every open conflict, oldest first: overwrites recorded and refused changes in the
    /// journal's rejected list that carry the server's current object.
    func conflicts() async throws -> [SyncConflict]

    /// Settles the conflict `id` by `choice`: keeping mine (or merged values) writes them to
    /// the object and queues an update based on the server's current version; keeping theirs
    /// takes the server's values. The conflict is then gone from ``conflicts()``.
    /// - Throws: `DataError` (`notFound`) naming `id` when there is no such open conflict.
    func resolve(_ id: String, _ choice: ConflictChoice) async throws
}
