import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataStore
import StrataTestSupport

/// A small value object covering every field type.
struct Sample: ValueObject, Equatable {
    var objectId: String?
    var name = ""
    var count = 0
    var score = 0.0
    var flag = false
    var when = Date(timeIntervalSince1970: 0)
    var note: String? = nil
    var bytes: [UInt8] = []

    init() {}

    init(name: String, count: Int, score: Double = 0, flag: Bool = false, note: String? = nil) {
        self.name = name
        self.count = count
        self.score = score
        self.flag = flag
        self.note = note
    }

    static let schema = ValueObjectSchema<Sample>(
        "Sample",
        fields: [
            .field("name", \.name),
            .field("count", \.count),
            .field("score", \.score),
            .field("flag", \.flag),
            .field("when", \.when),
            .field("note", \.note),
            .field("bytes", \.bytes),
        ],
        indexed: ["name", "count"], behaviour: .localRows)
}

/// A type with a unique key.
struct Ticket: ValueObject, Equatable {
    var objectId: String?
    var code = ""
    init() {}
    init(code: String) { self.code = code }
    static let schema = ValueObjectSchema<Ticket>("Ticket", fields: [.field("code", \.code)], unique: ["code"], behaviour: .localRows)
}

/// A fresh container directory under the system temp folder (not yet created).
func temporaryContainer() -> ContainerDirectory {
    let url = TemporaryRoot.directory("strata-data")
    return ContainerDirectory(url: url)
}

/// A logger that drops everything (tests assert on errors, not logs).
let quietLogger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

/// A live store in a fresh temp container, with `Sample` and `Ticket` registered.
func makeStore(_ container: ContainerDirectory = temporaryContainer()) async throws -> any ValueObjectStore {
    let store = try await DataLayerFactory.live(container: container, logger: quietLogger).store
    try await store.register(Sample.self)
    try await store.register(Ticket.self)
    return store
}

extension ValueObjectBehaviour {
    /// Local rows only: the store's plain table behaviour, no journal (the seed's default is server only).
    static let localRows = ValueObjectBehaviour(persistentType: .localOnly)
}
