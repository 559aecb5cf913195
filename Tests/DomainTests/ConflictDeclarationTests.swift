import Foundation
import StrataDomain
import StrataJournal
import StrataStore
import Testing

/// What the domain's synced types declare about concurrent writes, and the follow-up's resolver.
@Suite("conflict declarations of the domain's types")
struct ConflictDeclarationTests {
    @Test("case reports merge fields and never report their updatedAt; follow-ups fail if changed, quiet createdAt, with a resolver")
    func declaredPolicies() {
        #expect(CaseReport.schema.behaviour.conflictPolicy == .fieldMerge)
        #expect(CaseReport.schema.behaviour.quietFields == ["updatedAt"])
        #expect(CaseReport.schema.resolver == nil)
        #expect(FollowUp.schema.behaviour.conflictPolicy == .failIfChanged)
        #expect(FollowUp.schema.behaviour.quietFields == ["createdAt"])
        #expect(FollowUp.schema.resolver != nil)
        // The policy is the follow-up's own; where it goes is still its report's.
        #expect(FollowUp.schema.behaviour.persistentType == CaseReport.schema.behaviour.persistentType)
        #expect(FollowUp.schema.behaviour.scope == CaseReport.schema.behaviour.scope)
    }

    @Test("when only isDone conflicts, done wins whichever side marked it done", arguments: [(true, false), (false, true), (true, true)])
    func doneWins(mine: Bool, theirs: Bool) throws {
        let resolver = try #require(FollowUp.schema.resolver)
        let values = resolver.resolve(conflict(["isDone"], mine: ["isDone": flag(mine)], theirs: ["isDone": flag(theirs)]))
        #expect(values == ["isDone": .integer(1)])
    }

    @Test("when both sides left isDone unset, the resolver sends not done")
    func bothUndone() throws {
        let resolver = try #require(FollowUp.schema.resolver)
        let values = resolver.resolve(conflict(["isDone"], mine: ["isDone": flag(false)], theirs: [:]))
        #expect(values == ["isDone": .integer(0)])
    }

    @Test("the quiet createdAt beside isDone does not stop the resolver")
    func quietFieldIgnored() throws {
        let resolver = try #require(FollowUp.schema.resolver)
        let values = resolver.resolve(conflict(
            ["createdAt", "isDone"], mine: ["isDone": flag(false), "createdAt": .real(1)],
            theirs: ["isDone": flag(true), "createdAt": .real(2)]))
        #expect(values == ["isDone": .integer(1)])
    }

    @Test("any other conflicting field is left to the user", arguments: [["memo"], ["isDone", "memo"], ["date"], ["maxBloodPressure", "isDone"], []])
    func otherFieldsAskTheUser(fields: [String]) throws {
        let resolver = try #require(FollowUp.schema.resolver)
        let values = resolver.resolve(conflict(
            fields, mine: ["isDone": flag(true), "memo": .text("mine")], theirs: ["isDone": flag(false), "memo": .text("theirs")]))
        #expect(values == nil)
    }

    private func flag(_ value: Bool) -> FieldValue { .integer(value ? 1 : 0) }

    private func conflict(_ fields: [String], mine: [String: FieldValue], theirs: [String: FieldValue]) -> SyncConflict {
        SyncConflict(
            id: "op-1", kind: .refused, typeName: "FollowUp", objectID: "f-1", fields: fields, mine: mine, theirs: theirs,
            byAccount: "carol", serverVersion: 7, detectedAt: Date(timeIntervalSince1970: 0))
    }
}
