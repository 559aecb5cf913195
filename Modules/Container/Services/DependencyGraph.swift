/// Finds a dependency cycle among declared services and names its whole path.
///
/// Depth-first over the services in declaration order, iterative (a chain of a thousand
/// services must not overflow the stack).
struct DependencyGraph {
    /// Service name → names it depends on.
    let edges: [String: [String]]
    /// Service names in declaration order (the search order, so the reported cycle is stable).
    let order: [String]

    /// The first cycle found, as a path that starts and ends with the same name (`A, B, C, A`).
    func firstCycle() -> [String]? {
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        for root in order where marks[root] == nil {
            // Each frame: a node and the index of the next edge to follow.
            var path: [(name: String, next: Int)] = [(root, 0)]
            marks[root] = .visiting
            while let frame = path.last {
                let targets = edges[frame.name] ?? []
                if frame.next >= targets.count {
                    marks[frame.name] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = targets[frame.next]
                switch marks[target] {
                case .visiting:
                    let names = path.map(\.name)
                    let start = names.firstIndex(of: target) ?? 0
                    return Array(names[start...]) + [target]
                case .done:
                    continue
                case nil:
                    guard edges[target] != nil else { continue }
                    marks[target] = .visiting
                    path.append((target, 0))
                }
            }
        }
        return nil
    }
}
