import StrataBenchSupport
/// The command line: `--sizes N,N,...` (each at least 100, default 10,000, 100,000 and
/// 1,000,000), `--paths GROUP,...` (default all), `--json FILE` and `--help`.
struct ScaleOptions {
    /// The groups of paths `--paths` chooses from, in the order they run.
    static let groups = ["store", "purge", "journal", "sync", "status"]

    var sizes = [10_000, 100_000, 1_000_000]
    var paths = Set(groups)
    var json: String?
    /// `--help` or `-h`: print what the benchmark measures and its options.
    var help = false

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--sizes":
                guard let value = rest.popFirst() else { throw BenchError("--sizes needs a value, e.g. --sizes 10000,100000") }
                let parsed = value.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
                guard !parsed.isEmpty, parsed.allSatisfy({ ($0 ?? 0) >= 100 }) else {
                    throw BenchError("--sizes takes whole numbers of at least 100 separated by commas, not '\(value)'")
                }
                sizes = parsed.compactMap { $0 }
            case "--paths":
                guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                    throw BenchError("--paths needs a value, e.g. --paths store,status")
                }
                let named = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                if let unknown = named.first(where: { !Self.groups.contains($0) }) {
                    throw BenchError("--paths takes \(Self.groups.joined(separator: ", ")) separated by commas, not '\(unknown)'")
                }
                paths = Set(named)
            case "--json":
                guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw BenchError("--json needs a file name") }
                json = value
            case "--help", "-h":
                help = true
            default:
                throw BenchError("unknown argument '\(argument)'")
            }
        }
    }
}
