import StrataCrossCutting
import Testing

/// ``IdStart``: the one rule for finding an item by its whole id or a start of it.
@Suite("an id or a start of it finds one item")
struct IdStartTests {
    static let ids = ["0193a5c2-0000-7000-8000-000000000001", "0193a5c2-0000-7000-8000-000000000002", "short"]

    static func find(_ id: String, shortest: Int = 1) -> String {
        switch IdStart.find(id, in: ids, shortest: shortest, id: { $0 }) {
        case .found(let found): "found \(found)"
        case .tooShort(let fewest): "too short (\(fewest))"
        case .ambiguous(let count): "ambiguous (\(count))"
        case .noMatch: "none"
        }
    }

    @Test("a whole id is found whatever its length; a start must be unambiguous and at least the shortest allowed")
    func matching() {
        #expect(Self.find("short", shortest: IdStart.shortestConflictStart) == "found short")
        #expect(Self.find("0193a5c", shortest: IdStart.shortestConflictStart) == "too short (8)")
        #expect(Self.find("0193a5c2", shortest: IdStart.shortestConflictStart) == "ambiguous (2)")
        #expect(Self.find("0193a5c2-0000-7000-8000-000000000002", shortest: 8) == "found 0193a5c2-0000-7000-8000-000000000002")
        #expect(Self.find("0193a5c2-0000-7000-8000-0000000000021", shortest: 8) == "none")
        #expect(Self.find("0") == "ambiguous (2)")
        #expect(Self.find("sh") == "found short")
        #expect(Self.find("") == "none")
        #expect(IdStart.shortestConflictStart == 8)
    }
}
