import Foundation
import StrataCrossCutting
import Testing

@testable import StrataData

@Suite("Diagnostic log: kept in the store, gated by the collection level")
struct DiagnosticLogTests {
    private static let instant = Date(timeIntervalSince1970: 1_750_000_000.25)

    /// A writable database in `container` (created), with a fixed clock.
    private static func open(
        _ container: ContainerDirectory, mode: SQLiteDatabase.Mode = .readWrite
    ) throws -> SQLiteDatabase {
        try container.prepare()
        return try SQLiteDatabase(container: container, mode: mode, logger: quietLogger, clock: FixedClock(instant))
    }

    @Test("the default level is error: errors are kept, monitoring events are not")
    func defaultLevelKeepsErrorsOnly() async throws {
        let log = SQLiteDiagnosticLog(database: try Self.open(temporaryContainer()))
        #expect(try log.collectionLevel() == .error)
        #expect(try log.logError("sync failed", metadata: ["code": "500"]))
        #expect(try !log.logMonitor("opened list", metadata: [:]))
        let entries = try log.entries(limit: nil)
        #expect(entries.map(\.message) == ["sync failed"])
        #expect(entries.first?.level == .error)
    }

    @Test("the collection level gates each kind", arguments: [
        (LogCollectionLevel.none, false, false), (.error, true, false), (.monitor, true, true),
    ])
    func levelGatesEachKind(level: LogCollectionLevel, keepsErrors: Bool, keepsMonitor: Bool) throws {
        let log = SQLiteDiagnosticLog(database: try Self.open(temporaryContainer()))
        try log.setCollectionLevel(level)
        #expect(try log.logError("e", metadata: [:]) == keepsErrors)
        #expect(try log.logMonitor("m", metadata: [:]) == keepsMonitor)
        let expected = (keepsErrors ? ["e"] : []) + (keepsMonitor ? ["m"] : [])
        #expect(try log.entries(limit: nil).map(\.message) == expected)
    }

    @Test("the collection level persists across reopening the store")
    func levelPersistsAcrossReopen() async throws {
        let container = temporaryContainer()
        do {
            let log = SQLiteDiagnosticLog(database: try Self.open(container))
            try log.setCollectionLevel(.monitor)
        }
        let reopened = SQLiteDiagnosticLog(database: try Self.open(container))
        #expect(try reopened.collectionLevel() == .monitor)
        #expect(try reopened.logMonitor("kept after reopen", metadata: [:]))
        let stored = try Self.open(container).withState { state in
            try state.connection.withStatement(#"SELECT "value" FROM "_strata_settings" WHERE "key" = 'log.collectionLevel'"#) {
                try $0.step() ? $0.text(at: 0) : nil
            }
        }
        #expect(stored == "monitor")
    }

    @Test("entries come back oldest first, with metadata, level and the clock's time")
    func entriesOldestFirstWithMetadata() async throws {
        let log = SQLiteDiagnosticLog(database: try Self.open(temporaryContainer()))
        try log.setCollectionLevel(.monitor)
        try log.logError("first", metadata: ["type": "CaseReport", "id": "r-1"])
        try log.logMonitor("second", metadata: [:])
        try log.logError("third", metadata: ["quote": "\"x\" 'y'"])
        let all = try log.entries(limit: nil)
        #expect(all.map(\.message) == ["first", "second", "third"])
        #expect(all.map(\.level) == [.error, .monitor, .error])
        #expect(all[0].metadata == ["type": "CaseReport", "id": "r-1"])
        #expect(all[2].metadata == ["quote": "\"x\" 'y'"])
        #expect(all.allSatisfy { $0.loggedAt == Self.instant })
        #expect(all.map(\.sequence) == all.map(\.sequence).sorted())
        #expect(try log.entries(limit: 2).map(\.message) == ["first", "second"])
        #expect(try log.entries(limit: 0).isEmpty)
    }

    @Test("metadata is stored as JSON text")
    func metadataIsStoredAsJSON() async throws {
        let database = try Self.open(temporaryContainer())
        let log = SQLiteDiagnosticLog(database: database)
        try log.logError("failed", metadata: ["b": "2", "a": "1"])
        let text = try database.withState { state in
            try state.connection.withStatement(#"SELECT "metadata" FROM "_strata_log""#) { try $0.step() ? $0.text(at: 0) : nil }
        }
        #expect(text == #"{"a":"1","b":"2"}"#)
    }

    @Test("removing entries through a sequence keeps the later ones")
    func removeEntriesThroughSequence() async throws {
        let log = SQLiteDiagnosticLog(database: try Self.open(temporaryContainer()))
        for number in 1...4 { try log.logError("e\(number)", metadata: [:]) }
        let second = try log.entries(limit: nil)[1].sequence
        try log.removeEntries(through: second)
        #expect(try log.entries(limit: nil).map(\.message) == ["e3", "e4"])
        try log.logError("e5", metadata: [:])
        #expect(try log.entries(limit: nil).map(\.message) == ["e3", "e4", "e5"])
    }

    @Test("a negative limit is a clear error")
    func negativeLimitIsAnError() async throws {
        let log = SQLiteDiagnosticLog(database: try Self.open(temporaryContainer()))
        let error = try #require(throws: DataError.self) { try log.entries(limit: -1) }
        #expect(error.code == .invalidQuery)
        #expect(error.message.contains("-1"))
    }

    @Test("on a read-only store, reading works and writing is a readOnly error")
    func readOnlyStoreRefusesWrites() async throws {
        let container = temporaryContainer()
        do {
            let writer = SQLiteDiagnosticLog(database: try Self.open(container))
            try writer.setCollectionLevel(.monitor)
            try writer.logError("written before", metadata: [:])
        }
        let reader = SQLiteDiagnosticLog(database: try Self.open(container, mode: .readOnly))
        #expect(try reader.collectionLevel() == .monitor)
        #expect(try reader.entries(limit: nil).map(\.message) == ["written before"])
        for attempt in [
            { _ = try reader.logError("x", metadata: [:]) }, { _ = try reader.logMonitor("x", metadata: [:]) }, { try reader.setCollectionLevel(.none) },
            { try reader.removeEntries(through: 1) },
        ] as [() throws -> Void] {
            let error = try #require(throws: DataError.self) { try attempt() }
            #expect(error.code == .readOnly)
        }
    }
}
