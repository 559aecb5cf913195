import Foundation
import StrataWire
import Testing

/// The pull answer's `epoch` and `head` (a client reset's signals) on the wire: written by the
/// server's hand-written JSON, read by the client's fast reader and by the decoder; an answer
/// from a server that sends neither still reads, with both `nil`.
@Suite("pull answers carry the server's epoch and head")
struct PullEpochWireTests {
    static let object = WireObject(
        objectId: "a", values: ["age": .integer(42)], scope: 2, ownerUser: "u1", ownerGroup: "g1", deleted: false, version: 7)

    @Test("epoch and head survive the hand-written JSON, the fast reader and the decoder")
    func roundTrip() throws {
        let pull = PullResponse(objects: [Self.object], cursor: 7, hasMore: false, epoch: "0f3a\"b", head: 12)
        let json = try #require(WireJSON.pullResponse(pull))
        #expect(WireJSONReader.pullResponse(from: [UInt8](json)) == pull)
        #expect(try WireCoding.decoder().decode(PullResponse.self, from: json) == pull)
    }

    @Test("an answer without epoch and head (an older server) reads with both nil")
    func olderServer() throws {
        let json = Data(#"{"cursor":3,"hasMore":false,"objects":[]}"#.utf8)
        let read = try #require(WireJSONReader.pullResponse(from: [UInt8](json)))
        #expect(read.epoch == nil && read.head == nil && read.cursor == 3)
        #expect(try WireCoding.decoder().decode(PullResponse.self, from: json) == read)
    }
}
