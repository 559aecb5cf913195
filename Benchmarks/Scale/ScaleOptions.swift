/// The command line: `--sizes N,N,...` (each at least 100, default 10,000, 100,000 and
/// 1,000,000) and `--json FILE`.
struct ScaleOptions {
    var sizes = [10_000, 100_000, 1_000_000]
    var json: String?

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
            case "--json":
                guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw BenchError("--json needs a file name") }
                json = value
            default:
                throw BenchError("unknown argument '\(argument)'")
            }
        }
    }
}
