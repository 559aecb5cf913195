#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment as the executables pass it on: read once at start.
public enum ProcessEnvironment {
    /// Every `NAME=value` of the process's environment (the C library's `environ`), as
    /// `ProcessInfo.processInfo.environment` gives it: the first of two entries with one name
    /// wins (as `getenv` reads it), an entry without `=` or with an empty name is skipped, and
    /// bytes that are not UTF-8 are repaired.
    ///
    /// It does not go through `ProcessInfo`, whose first use also reads the host's name, the
    /// process's arguments and more: a status bar runs `strata-status` every few seconds.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        // `environ` is NULL after `clearenv()`; an optional pointer's `nil` is the null address.
        let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = table else { return result }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")), equals != text.startIndex {
                let name = String(text[..<equals])
                if result[name] == nil {
                    result[name] = String(text[text.index(after: equals)...])
                }
            }
            entry += 1
        }
        return result
    }
}
