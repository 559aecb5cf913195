import ArgumentParser

/// A `--format` value on the command line (kept internal so `StatusFormat` needs no public
/// ArgumentParser import).
struct StatusFormatArgument: ExpressibleByArgument, Sendable {
    /// The format it names.
    let format: StatusFormat

    init(_ format: StatusFormat) { self.format = format }

    init?(argument: String) {
        guard let format = StatusFormat(rawValue: argument.lowercased()) else { return nil }
        self.format = format
    }

    var defaultValueDescription: String { format.rawValue }

    static var allValueStrings: [String] { StatusFormat.allCases.map(\.rawValue) }

    /// The completion scripts offer the format names after `--format`.
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
