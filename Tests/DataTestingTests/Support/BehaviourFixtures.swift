import Foundation
import StrataCrossCutting
import StrataDataTesting
import StrataJournal
import StrataStore
import StrataTestSupport
import Synchronization
import Testing

/// A server-only type (the seed's default behaviour): no readable local rows, only changes.
struct Parcel: ValueObject, Hashable {
    var objectId: String?
    var label = ""
    var weight = 0

    init() {}

    init(_ label: String, weight: Int = 0) {
        self.label = label
        self.weight = weight
    }

    static let schema = ValueObjectSchema<Parcel>(
        "Parcel", fields: [.field("label", \.label), .field("weight", \.weight)], unique: ["label"])
}

/// A local-and-server type at user scope with an encrypted key: rows and changes.
struct Ledger: ValueObject, Hashable {
    var objectId: String?
    var title = ""
    var secret = ""
    var amount = 0

    init() {}

    init(_ title: String, secret: String = "", amount: Int = 0) {
        self.title = title
        self.secret = secret
        self.amount = amount
    }

    static let schema = ValueObjectSchema<Ledger>(
        "Ledger", fields: [.field("title", \.title), .field("secret", \.secret), .field("amount", \.amount)],
        behaviour: ValueObjectBehaviour(
            persistentType: .localAndServer, autoRefresh: AutoRefresh(interval: 600, scope: .user), scope: .user,
            encrypted: ["secret"]))
}

/// A local-only type whose rows live 100 seconds.
struct Crumb: ValueObject, Hashable {
    var objectId: String?
    var text = ""

    init() {}

    init(_ text: String) { self.text = text }

    static let schema = ValueObjectSchema<Crumb>(
        "Crumb", fields: [.field("text", \.text)],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly, lifespan: 100))
}

/// A local-and-server type whose rows live 100 seconds (its unsent changes keep rows from the purge).
struct Draft: ValueObject, Hashable {
    var objectId: String?
    var text = ""

    init() {}

    init(_ text: String) { self.text = text }

    static let schema = ValueObjectSchema<Draft>(
        "Draft", fields: [.field("text", \.text)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, lifespan: 100))
}

/// A clock a test moves by hand (the store reads it on every call).
final class SteppingClock: StrataClock {
    private let instant: Mutex<Date>
    let calendar = Calendar(identifier: .gregorian)

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        instant = Mutex(start)
    }

    func now() -> Date { instant.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    func advance(by seconds: TimeInterval) {
        instant.withLock { $0 += seconds }
    }
}

/// The only change in `journal` (recorded as an issue when there are none or several).
func onlyChange(_ journal: any ChangeJournal) async throws -> Change {
    let all = try await journal.changes(in: Set(ChangeState.allCases), limit: nil)
    #expect(all.count == 1, "expected one change, got \(all.map { "\($0.operation) \($0.objectID) \($0.state)" })")
    return try #require(all.first)
}
