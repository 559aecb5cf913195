import Foundation
import StrataCrossCutting
import StrataData
import StrataStore
import Testing

/// A fresh container whose store file is another program's SQLite database, made by `sql`.
func foreignStoreContainer(_ sql: String) throws -> ContainerDirectory {
    let container = temporaryContainer()
    try container.prepare()
    try SQLiteInspector(container.storeURL).execute(sql)
    return container
}

/// Expects opening `container` (another program's SQLite file) as a live store to be refused
/// as no Strata store, leaving the file byte for byte as it was.
func expectRefusedUntouched(_ container: ContainerDirectory, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let before = try Data(contentsOf: container.storeURL)
    let error = try await #require(throws: DataError.self, sourceLocation: sourceLocation) {
        _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
    }
    #expect(error.code == .incompatibleStore, sourceLocation: sourceLocation)
    #expect(error.message.contains("is not a Strata store"), sourceLocation: sourceLocation)
    #expect(try Data(contentsOf: container.storeURL) == before, sourceLocation: sourceLocation)
}
