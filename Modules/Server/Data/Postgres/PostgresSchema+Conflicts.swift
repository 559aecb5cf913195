extension PostgresSchema {
    /// Each object's field writers (``FieldWriter``; `{}` for the objects stored before: unknown
    /// writers, never a conflict), and the overwrite notices (``StoredOverwrite``), read by the
    /// replaced user's pulls of a type in version order and pruned by age.
    static let conflicts = [
        "ALTER TABLE objects ADD COLUMN writers_json TEXT NOT NULL DEFAULT '{}'",
        """
        CREATE TABLE overwrites (
            app TEXT NOT NULL, type_name TEXT NOT NULL, user_id TEXT NOT NULL, version BIGINT NOT NULL,
            operation_id TEXT NOT NULL, object_id TEXT NOT NULL, fields_json TEXT NOT NULL, yours_json TEXT NOT NULL,
            theirs_json TEXT NOT NULL, by_user TEXT NOT NULL, recorded_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (app, type_name, user_id, version, operation_id))
        """,
        "CREATE INDEX overwrites_by_time ON overwrites (app, recorded_at)",
    ]

    /// Each object's parent (``StoredObject/parentType``: a follow-up's report; `NULL` for none
    /// and for the objects stored before), indexed so deleting a parent finds its children.
    static let parents = [
        "ALTER TABLE objects ADD COLUMN parent_type TEXT",
        "ALTER TABLE objects ADD COLUMN parent_id TEXT",
        "CREATE INDEX objects_by_parent ON objects (app, parent_type, parent_id) WHERE parent_id IS NOT NULL",
    ]
}
