// strata-crash-writer: the crash-safety test's child process. `write RUN` saves, updates and
// deletes value objects in a loop on $STRATA_HOME's store, printing one line after each
// commit, until it is killed; `check` prints every row, every journal change and SQLite's
// integrity check, for the test to compare with what the writers reported.
import CSQLite
import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataJournal
import StrataStore

/// The object the writer churns: `payload` is always derived from `sequence`, so a torn row
/// would show.
struct Entry: ValueObject {
    var objectId: String?
    var sequence = 0
    var payload = ""
    init() {}
    init(sequence: Int) {
        self.sequence = sequence
        payload = "payload-\(sequence)"
    }
    static let schema = ValueObjectSchema<Entry>(
        "Entry", fields: [.field("sequence", \.sequence), .field("payload", \.payload)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("strata-crash-writer: \(message)\n".utf8))
    exit(1)
}

func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let container = try ContainerDirectory.resolve(environment: ProcessInfo.processInfo.environment)
    let layer = try await DataLayerFactory.live(container: container, logger: StrataLogging.makeLogger(label: "crash", level: .error))
    try await layer.store.register(Entry.self)
    switch arguments.first {
    case "write":
        guard let run = arguments.dropFirst().first.flatMap(Int.init) else { fail("usage: write RUN") }
        var live = try await layer.store.query(Query<Entry>()).compactMap(\.objectId)
        var sequence = run * 1_000_000
        var generator = SystemRandomNumberGenerator()
        while true {
            sequence += 1
            let roll = Int.random(in: 0..<10, using: &generator)
            if live.isEmpty || roll < 5 {
                let saved = try await layer.store.save(Entry(sequence: sequence))
                live.append(saved.objectId!)
                emit("I \(saved.objectId!) \(sequence)")
            } else if roll < 8 {
                var entry = Entry(sequence: sequence)
                entry.objectId = live.randomElement(using: &generator)
                _ = try await layer.store.save(entry)
                emit("U \(entry.objectId!) \(sequence)")
            } else {
                let index = Int.random(in: 0..<live.count, using: &generator)
                var entry = Entry()
                entry.objectId = live.remove(at: index)
                // Announced first: if the kill lands between, the test knows the delete may have happened.
                emit("X \(entry.objectId!) \(sequence)")
                _ = try await layer.store.delete(entry)
                emit("D \(entry.objectId!) \(sequence)")
            }
        }
    case "check":
        for entry in try await layer.store.query(Query<Entry>()) {
            emit("R \(entry.objectId!) \(entry.sequence) \(entry.payload)")
        }
        for change in try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil) {
            let sequence = change.values["sequence"].flatMap { Int(fieldValue: $0) } ?? -1
            emit("J \(change.objectID) \(change.operation.rawValue) \(sequence)")
        }
        var db: OpaquePointer?
        guard sqlite3_open_v2(container.storeURL.path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { fail("cannot open") }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        while sqlite3_step(statement) == SQLITE_ROW { emit("INTEGRITY \(String(cString: sqlite3_column_text(statement, 0)))") }
    default:
        fail("usage: strata-crash-writer write RUN | check")
    }
} catch {
    fail("\(error)")
}
