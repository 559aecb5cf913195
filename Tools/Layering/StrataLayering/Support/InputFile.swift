public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one file the checker was given — the policy, a baseline, a package description, a
/// Swift source file — within a size limit, and says in one line what is wrong with it.
///
/// Every refusal names the file, what was found and what was expected:
/// `/p/layers.json: a folder; expected the policy (a JSON file)`,
/// `/p/layers.json: 50.0 MiB, over the limit of 4 MiB; expected the policy (a JSON file)`.
/// Missing files, links to nothing, link loops, folders, devices and pipes, unreadable and
/// empty files are refused before anything is parsed, so no input can hang the tool, exhaust
/// its memory, or surface a Foundation error code.
public enum InputFile {
    /// The largest policy file read: 4 MiB (Strata's is under 6 KiB).
    public static let policyLimit = 4 << 20
    /// The largest baseline read: 32 MiB (about 100,000 recorded violations).
    public static let baselineLimit = 32 << 20
    /// The largest `--package-json` description read: 64 MiB.
    public static let packageDescriptionLimit = 64 << 20
    /// The largest Swift source file read: 8 MiB.
    public static let sourceFileLimit = 8 << 20

    /// Whether anything is at `url`, a dangling or looping link included.
    public static func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }

    /// The bytes of the regular file at `url`, at most `limit` of them.
    ///
    /// - Parameters:
    ///   - name: how messages name the file (its path by default).
    ///   - expected: what the file should be, for messages (`the policy (a JSON file)`).
    ///   - allowsEmpty: whether an empty file is fine (a Swift file may be empty; a policy may not).
    /// - Throws: ``LayeringError`` `<name>: <what was found>; expected <expected>` when the file is
    ///   missing, not a regular file, unreadable, over `limit`, or empty when that is not allowed.
    public static func read(
        _ url: URL, named name: String? = nil, limit: Int, expected: String, allowsEmpty: Bool = false
    ) throws -> Data {
        let name = name ?? url.path
        func refuse(_ found: String) -> LayeringError { LayeringError("\(name): \(found); expected \(expected)") }
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw refuse(problem(errno: errno, at: url)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refuse("a folder")
        default: throw refuse("not a regular file (a device, pipe or socket)")
        }
        guard Int(status.st_size) <= limit else { throw refuse("\(size(Int(status.st_size))), over the limit of \(size(limit))") }
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw refuse(access(url.path, R_OK) == 0 ? "cannot be opened" : "permission denied")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw refuse("cannot be read")
        }
        guard data.count <= limit else { throw refuse("over the limit of \(size(limit))") }  // it grew while read
        guard allowsEmpty || !data.isEmpty else { throw refuse("empty") }
        return data
    }

    /// What `stat` failing with `code` means for `url`, in words.
    private static func problem(errno code: Int32, at url: URL) -> String {
        switch code {
        case ENOENT: exists(url) ? "a symbolic link to nothing" : "no such file"
        case ELOOP: "a symbolic link loop"
        case EACCES: "permission denied"
        case ENOTDIR: "no such file (a part of the path is a file)"
        case ENAMETOOLONG: "the path is too long"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// The deepest nesting of arrays and objects a JSON input may have.
    public static let maximumJSONDepth = 256

    /// Why `data` cannot be a JSON document, found before a decoder tries (whose only word on
    /// Linux is "not valid JSON"): not UTF-8, or arrays and objects nested deeper than
    /// ``maximumJSONDepth``. `nil` when neither.
    static func jsonProblem(in data: Data) -> String? {
        guard String(validating: data, as: UTF8.self) != nil else {
            return "not UTF-8 text: invalid byte at offset \(firstInvalidUTF8Byte(in: data))"
        }
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumJSONDepth { return "arrays and objects nested deeper than \(maximumJSONDepth) levels" }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }

    /// The offset of the first byte of `data` that is not part of valid UTF-8 (its count when all is).
    static func firstInvalidUTF8Byte(in data: Data) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        return offset
    }

    /// `bytes` as `12.3 MiB`, `4 MiB` or `512 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1 << 20 { return bytes < 1024 ? "\(bytes) bytes" : "\(bytes >> 10) KiB" }
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        let tenths = (bytes * 10) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
