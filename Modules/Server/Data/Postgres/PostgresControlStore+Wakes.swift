import PostgresNIO

extension PostgresControlStore {
    /// Sends `wake` to every instance listening (``PostgresPushListener``), after the push's
    /// commit; a wake too big for a notification is not sent (the devices' auto refresh and
    /// next sync still pull it).
    func announce(_ wake: DataWake) async throws {
        guard let statement = PostgresPushListener.notifyStatement(wake) else { return }
        _ = try await database.rows("announcing changed data", statement)
    }
}
