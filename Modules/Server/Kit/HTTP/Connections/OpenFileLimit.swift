#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's open-file limit (RLIMIT_NOFILE): every connection holds one descriptor.
enum OpenFileLimit {
    /// Descriptors kept for everything but connections: the listener, the event loops, standard
    /// streams, and SQLite (a database, its WAL and shared memory, per pooled connection).
    static let reserved: UInt64 = 128

    /// What ``raiseToHard()`` found and did.
    struct Outcome: Equatable {
        /// The soft limit at start.
        var before: UInt64
        /// The soft limit now.
        var after: UInt64
        /// The hard limit.
        var hard: UInt64
        /// Why it could not be raised (nil when it was, or needed not be).
        var failure: String?

        /// The most connections the limit leaves room for.
        var connectionRoom: Int { Int(clamping: after > OpenFileLimit.reserved ? after - OpenFileLimit.reserved : 1) }
    }

    /// Raises the soft limit to the hard one.
    static func raiseToHard() -> Outcome {
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else {
            return Outcome(before: 0, after: UInt64.max, hard: UInt64.max, failure: "getrlimit failed (errno \(errno))")
        }
        let before = UInt64(limits.rlim_cur)
        let hard = UInt64(limits.rlim_max)
        guard limits.rlim_cur < limits.rlim_max else { return Outcome(before: before, after: before, hard: hard) }
        var raised = limits
        raised.rlim_cur = limits.rlim_max
        guard setrlimit(resource, &raised) == 0 else {
            return Outcome(before: before, after: before, hard: hard, failure: "setrlimit failed (errno \(errno))")
        }
        return Outcome(before: before, after: hard, hard: hard)
    }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif
}
