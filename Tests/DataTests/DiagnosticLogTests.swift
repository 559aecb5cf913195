import Foundation
import StrataCrossCutting
import Testing

@testable import StrataData
import StrataMaintenance
import StrataStore

@Suite("Diagnostic log: kept in the store, gated by the collection level")
struct DiagnosticLogTests {
    private static let instant = Date(timeIntervalSince1970: 1_750_000_000.25)

    /// A writable database in `container` (created), with a fixed clock.
    private static func open(
        _ container: ContainerDirectory, mode: SQLiteDatabase.Mode = .readWrite
    ) async throws -> SQLiteDatabase {
        try container.prepare()
        return try await SQLiteDatabase.open(container: container, mode: mode, logger: quietLogger, clock: FixedClock(instant))
    }

    @Test("the default level is error: errors are kept, monitoring events are not")
    func defaultLevelKeepsErrorsOnly() async throws {
        let log = SQLiteDiagnosticLog(database: try await Self.open(temporaryContainer()))
        #expect(try await log.collectionLevel() == .error)
        #expect(try await log.logError("sync failed", metadata: ["code": "500"]))
        #expect(try await !log.logMonitor("opened list", metadata: [:]))
        let entries = try await log.entries(limit: nil)
        #expect(entries.map(\.message) == ["sync failed"])
        #expect(entries.first?.level == .error)
    }

    @Test("the collection level gates each kind", arguments: [
        (LogCollectionLevel.none, false, false), (.error, true, false), (.monitor, true, true),
    ])
    func levelGatesEachKind(level: LogCollectionLevel, keepsErrors: Bool, keepsMonitor: Bool) async throws {
        let log = SQLiteDiagnosticLog(database: try await Self.open(temporaryContainer()))
        try await log.setCollectionLevel(level)
        #expect(try await log.logError("e", metadata: [:]) == keepsErrors)
        #expect(try await log.logMonitor("m", metadata: [:]) == keepsMonitor)
        let expected = (keepsErrors ? ["e"] : []) + (keepsMonitor ? ["m"] : [])
        #expect(try await log.entries(limit: nil).map(\.message) == expected)
    }

    @Test("the collection level persists across reopening the store")
    func levelPersistsAcrossReopen() async throws {
        let container = temporaryContainer()
        do {
            let log = SQLiteDiagnosticLog(database: try await Self.open(container))
            try await log.setCollectionLevel(.monitor)
        }
        let reopened = SQLiteDiagnosticLog(database: try await Self.open(container))
        #expect(try await reopened.collectionLevel() == .monitor)
        #expect(try await reopened.logMonitor("kept after reopen", metadata: [:]))
        let stored = try await Self.open(container).withState { state in
            try state.connection.withStatement(#"SELECT "value" FROM "_strata_settings" WHERE "key" = 'log.collectionLevel'"#) {
                try $0.step() ? $0.text(at: 0) : nil
            }
        }
        #expect(stored == "monitor")
    }

    @Test("entries come back oldest first, with metadata, level and the clock's time")
    func entriesOldestFirstWithMetadata() async throws {
        let log = SQLiteDiagnosticLog(database: try await Self.open(temporaryContainer()))
        try await log.setCollectionLevel(.monitor)
        try await log.logError("first", metadata: ["type": "CaseReport", "id": "r-1"])
        try await log.logMonitor("second", metadata: [:])
        try await log.logError("third", metadata: ["quote": "\"x\" 'y'"])
        let all = try await log.entries(limit: nil)
        #expect(all.map(\.message) == ["first", "second", "third"])
        #expect(all.map(\.level) == [.error, .monitor, .error])
        #expect(all[0].metadata == ["type": "CaseReport", "id": "r-1"])
        #expect(all[2].metadata == ["quote": "\"x\" 'y'"])
        #expect(all.allSatisfy { $0.loggedAt == Self.instant })
        #expect(all.map(\.sequence) == all.map(\.sequence).sorted())
        #expect(try await log.entries(limit: 2).map(\.message) == ["first", "second"])
        #expect(try await log.entries(limit: 0).isEmpty)
    }

    @Test("metadata is stored as JSON text")
    func metadataIsStoredAsJSON() async throws {
        let database = try await Self.open(temporaryContainer())
        let log = SQLiteDiagnosticLog(database: database)
        try await log.logError("failed", metadata: ["b": "2", "a": "1"])
        let text = try database.withState { state in
            try state.connection.withStatement(#"SELECT "metadata" FROM "_strata_log""#) { try $0.step() ? $0.text(at: 0) : nil }
        }
        #expect(text == #"{"a":"1","b":"2"}"#)
    }

    @Test("removing entries through a sequence keeps the later ones")
    func removeEntriesThroughSequence() async throws {
        let log = SQLiteDiagnosticLog(database: try await Self.open(temporaryContainer()))
        for number in 1...4 { try await log.logError("e\(number)", metadata: [:]) }
        let second = try await log.entries(limit: nil)[1].sequence
        try await log.removeEntries(through: second)
        #expect(try await log.entries(limit: nil).map(\.message) == ["e3", "e4"])
        try await log.logError("e5", metadata: [:])
        #expect(try await log.entries(limit: nil).map(\.message) == ["e3", "e4", "e5"])
    }

    @Test("a negative limit is a clear error")
    func negativeLimitIsAnError() async throws {
        let log = SQLiteDiagnosticLog(database: try await Self.open(temporaryContainer()))
        let error = try await #require(throws: DataError.self) { try await log.entries(limit: -1) }
        #expect(error.code == .invalidQuery)
        #expect(error.message.contains("-1"))
    }

    @Test("on a read-only store, reading works and writing is a readOnly error")
    func readOnlyStoreRefusesWrites() async throws {
        let container = temporaryContainer()
        do {
            let writer = SQLiteDiagnosticLog(database: try await Self.open(container))
            try await writer.setCollectionLevel(.monitor)
            try await writer.logError("written before", metadata: [:])
        }
        let reader = SQLiteDiagnosticLog(database: try await Self.open(container, mode: .readOnly))
        #expect(try await reader.collectionLevel() == .monitor)
        #expect(try await reader.entries(limit: nil).map(\.message) == ["written before"])
        for attempt in [
            { _ = try await reader.logError("x", metadata: [:]) }, { _ = try await reader.logMonitor("x", metadata: [:]) }, { try await reader.setCollectionLevel(.none) },
            { try await reader.removeEntries(through: 1) },
        ] as [@Sendable () async throws -> Void] {
            let error = try await #require(throws: DataError.self) { try await attempt() }
            #expect(error.code == .readOnly)
        }
    }
}
