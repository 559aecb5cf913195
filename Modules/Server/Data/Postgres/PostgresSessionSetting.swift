import PostgresNIO

extension ServerPostgres {
    /// The value of the setting `name` (`SHOW name`) in a session of the pool: what the server's
    /// own connections run with (see ``PostgresURL/sessionSettings``). `name` is a setting's
    /// name written by the caller, never user input.
    func sessionSetting(_ name: String) async throws -> String {
        let rows = try await rows("reading the setting \(name)", PostgresStatement("SHOW \(name)"))
        guard let value = try rows.first?.decode(String.self) else {
            throw ServerDataError(.storage, "SHOW \(name) answered no row (\(place))")
        }
        return value
    }
}
