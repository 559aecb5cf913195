import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataWire

/// `--json`, which every admin command takes: one JSON document on standard output instead of
/// the text lines.
///
/// The keys are the public `Admin*` types' property names (camelCase, sorted), dates are
/// RFC 3339 in UTC, a missing value is `null`: the keys stay the same from run to run and are
/// listed in Docs/Server.md ("Admin commands").
struct JSONOption: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document (stable keys, see Docs/Server.md) instead of text lines.")
    var json = false

    /// Prints `value` as JSON with `--json`, else the lines `text` makes.
    func print<Value: Encodable>(_ value: Value, to output: OutputSink, text: () -> [String]) throws {
        if json {
            output.out(String(decoding: try WireCoding.encoder().encode(value), as: UTF8.self))
        } else {
            for line in text() { output.out(line) }
        }
    }
}

/// How admin commands print dates in text: RFC 3339 in UTC, as in JSON.
enum AdminText {
    static func date(_ date: Date) -> String { date.formatted(.iso8601) }
}
