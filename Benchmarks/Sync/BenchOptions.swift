import StrataBenchSupport

/// The command line of `strata-bench-sync`:
/// `[changes] [batch size] [--engine sqlite|postgres|both] [--instances 1|2] [--clients N]`.
struct BenchOptions {
    /// The one usage line a bad command line gets (exit 64).
    static let usage =
        "usage: strata-bench-sync [changes > 0] [batch size > 0] [--engine sqlite|postgres|both] [--instances 1|2] [--clients 1-16]"

    /// Changes pushed in all (and objects each pulling client pulls).
    var changes = 100_000
    /// Changes per request and per pull page.
    var batchSize = 1000
    /// The engines run, side by side.
    var engines: [Deployment.Engine] = [.sqlite, .postgres]
    /// 1: each engine direct. 2: also through nginx in front of 1 and of 2 instances on PostgreSQL.
    var instances = 1
    /// Pushing clients (and as many pulling ones); 2 by default with `--instances 2`.
    var clients = 1

    /// Parses `arguments` (without the program's name); `nil` when they are not as ``usage`` says.
    init?(_ arguments: [String]) {
        var positional: [Int] = []
        var clients: Int?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--engine":
                switch rest.popFirst() {
                case "sqlite": engines = [.sqlite]
                case "postgres": engines = [.postgres]
                case "both": engines = [.sqlite, .postgres]
                default: return nil
                }
            case "--instances":
                guard let value = rest.popFirst().flatMap(Int.init), (1...2).contains(value) else { return nil }
                instances = value
            case "--clients":
                guard let value = rest.popFirst().flatMap(Int.init), (1...16).contains(value) else { return nil }
                clients = value
            default:
                guard let value = Int(argument), value > 0, positional.count < 2 else { return nil }
                positional.append(value)
            }
        }
        if positional.count > 0 { changes = positional[0] }
        if positional.count > 1 { batchSize = positional[1] }
        self.clients = clients ?? (instances == 2 ? 2 : 1)
        guard changes >= self.clients else { return nil }
    }
}
