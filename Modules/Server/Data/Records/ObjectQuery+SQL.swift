extension ObjectQuery.Operator {
    /// The SQL comparison operator, the same on both engines (`in` compares each value with `=`).
    var sql: String {
        switch self {
        case .eq, .in: "="
        case .ne: "<>"
        case .lt: "<"
        case .le: "<="
        case .gt: ">"
        case .ge: ">="
        case .like: "LIKE"
        }
    }
}
