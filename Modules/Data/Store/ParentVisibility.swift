import StrataStore
/// Where a saved object goes and who sees it: its scope and owner group.
///
/// For a type whose dependency shares its parent's visibility
/// (`ValueObjectDependency/sharesVisibility`), the scope and owner group of the parent row
/// the object names, read inside the caller's write transaction; else (or when the parent is
/// not stored here) the type's declared scope and the signed-in user's group.
struct ParentVisibility {
    /// A scope and owner group to stamp an object's row and change with.
    struct Stamp: Equatable {
        var scope: DataScope
        var ownerGroup: String?
    }

    private let state: StoreState
    private let key: String
    private let parent: TableDefinition

    /// The lookup for objects of `table`'s type, or `nil` when the type shares no parent's
    /// visibility or the parent's table keeps no local rows with owners (read from the table's
    /// ``TableDefinition/sharedParent``, found once at registration, not from the schema on
    /// every save).
    init?(table: TableDefinition, state: StoreState) {
        guard let dependency = table.sharedParent,
            let parent = state.tables[StoreState.tableKey(dependency.parentType)],
            parent.exists, parent.hasOwnerColumns, parent.behaviour.keepsLocalRows
        else { return nil }
        self.state = state
        self.key = dependency.key
        self.parent = parent
    }

    /// The stamp of `object`: its parent row's scope and owner group, or `fallback` when
    /// the object names no parent stored here.
    func stamp<Object: ValueObject>(of object: Object, fallback: Stamp) throws -> Stamp {
        guard case .text(let parentID)? = Object.schema.field(forKey: key)?.value(in: object), !parentID.isEmpty else {
            return fallback
        }
        let sql = """
            SELECT "_scope", "_ownerGroup" FROM \(TableDefinition.quote(parent.typeName)) WHERE "objectId" = ?1
            """
        return try state.connection.withStatement(sql) { statement in
            statement.bind(parentID, at: 1)
            guard try statement.step() else { return fallback }
            let scope = DataScope(rawValue: Int(statement.int64(at: 0))) ?? fallback.scope
            let group: String? = if case .text(let group) = statement.value(at: 1) { group } else { nil }
            return Stamp(scope: scope, ownerGroup: group ?? fallback.ownerGroup)
        }
    }
}
