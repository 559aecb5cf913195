import Foundation
import StrataJournal
import StrataWire
import Testing

import StrataStore
@testable import StrataSync

/// Issue 26: a change goes to the server with the parent it belongs to (a follow-up's report)
/// on an insert and an update, and an update carries its owner group too: one the server lacks
/// (after a restore) is then created in that group, not the author's primary one.
@Suite("a change's wire form names its parent and, for an update, its owner group")
struct ChangeWireParentTests {
    static func change(_ operation: ChangeOperation) -> Change {
        var change = Change(
            operationID: "op", typeName: "FollowUp", objectID: "f", operation: operation,
            values: operation == .delete ? [:] : ["caseReportID": .text("r")], scope: .group, ownerUser: "u", ownerGroup: "g1",
            sequence: 1, state: .pending, reason: nil, createdAt: Date(timeIntervalSince1970: 0))
        change.parentType = "CaseReport"
        change.parentID = "r"
        return change
    }

    @Test("an insert and an update send parentType, parentId and ownerGroup; a delete sends none of them")
    func wireForm() {
        for operation in [ChangeOperation.insert, .update] {
            let wire = Self.change(operation).wireChange
            #expect(wire.parentType == "CaseReport" && wire.parentId == "r" && wire.ownerGroup == "g1", "\(operation)")
        }
        let delete = Self.change(.delete).wireChange
        #expect(delete.parentType == nil && delete.parentId == nil && delete.ownerGroup == nil)
    }
}
