import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One folder of the inbox, worked on by raw file-name bytes through the POSIX calls
/// (`readdir`, `fstatat`, `openat`, `renameat`): Foundation's file manager turns names into
/// `String`s and loses those that are not UTF-8.
///
/// Every call opens the folder, works relative to it (never following a link in `new/`)
/// and closes it again; failures come back as `errno` values for ``Inbox`` to explain.
struct InboxFolder {
    /// The folder's path.
    let path: String

    /// A POSIX failure: the call that failed and its `errno`.
    struct Failure: Error {
        let call: String
        let code: Int32
        /// `strerror`'s sentence, e.g. `Permission denied`.
        var explanation: String { String(cString: strerror(code)) }
    }

    /// The kind of a directory entry, from `lstat` (a link is a link, never its target).
    enum Kind: Equatable {
        case regular, directory, symbolicLink, fifo, socket, device, other

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .symbolicLink
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            case S_IFCHR, S_IFBLK: self = .device
            default: self = .other
            }
        }

        /// What to call it in a reason: `a folder`, `a symbolic link`, …
        var phrase: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a folder"
            case .symbolicLink: "a symbolic link, never followed"
            case .fifo: "a named pipe, a FIFO"
            case .socket: "a socket"
            case .device: "a device"
            case .other: "not a file"
            }
        }
    }

    /// Every entry's name but `.` and `..`, in no particular order.
    func names() throws(Failure) -> [InboxFileName] {
        InboxFileWork.note(path)
        guard let stream = opendir(path) else { throw Failure(call: "opendir", code: errno) }
        defer { closedir(stream) }
        var names: [InboxFileName] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw Failure(call: "readdir", code: errno) }
                return names
            }
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes != [46] && bytes != [46, 46] { names.append(InboxFileName(bytes: bytes)) }
        }
    }

    /// The entry's kind and size, without following a link; `ENOENT` when it is gone.
    func status(of name: InboxFileName) throws(Failure) -> (kind: Kind, size: Int) {
        try withFolder { folder throws(Failure) in
            var info = stat()
            let result = name.withCString { fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }
            guard result == 0 else { throw Failure(call: "fstatat", code: errno) }
            return (Kind(mode: info.st_mode), Int(info.st_size))
        }
    }

    /// Whether an entry of this name exists (a dangling link counts).
    func contains(_ name: InboxFileName) -> Bool {
        (try? status(of: name)) != nil
    }

    /// The bytes of a regular file, at most `limit + 1` of them (so a caller sees it is too
    /// large without reading it all). Opened without following a link and without blocking (a
    /// FIFO swapped in is never waited on); refused when it is not a regular file once open.
    func contents(of name: InboxFileName, limit: Int) throws(Failure) -> (kind: Kind, bytes: [UInt8]) {
        let descriptor = try withFolder { folder throws(Failure) in
            let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
            let descriptor = name.withCString { openat(folder, $0, flags) }
            guard descriptor >= 0 else { throw Failure(call: "open", code: errno) }
            return descriptor
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(call: "fstat", code: errno) }
        let kind = Kind(mode: info.st_mode)
        guard kind == .regular else { return (kind, []) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "read", code: errno)
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return (kind, bytes)
    }

    /// Creates `name` (owner-only, refusing an existing entry or a link) holding `bytes`.
    func create(_ name: InboxFileName, holding bytes: [UInt8]) throws(Failure) {
        try withFolder { folder throws(Failure) in
            let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
            let descriptor = name.withCString { openat(folder, $0, flags, 0o600) }
            guard descriptor >= 0 else { throw Failure(call: "open", code: errno) }
            defer { close(descriptor) }
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    let failure = Failure(call: "write", code: errno)
                    _ = name.withCString { unlinkat(folder, $0, 0) }
                    throw failure
                }
                written += count
            }
        }
    }

    /// Removes the entry `name` (a file or a link, never a folder's content).
    func remove(_ name: InboxFileName) {
        try? withFolder { folder throws(Failure) in _ = name.withCString { unlinkat(folder, $0, 0) } }
    }

    /// Renames `name` here to `newName` in `destination` (the entry itself: a link stays a link).
    func move(_ name: InboxFileName, to destination: InboxFolder, as newName: InboxFileName) throws(Failure) {
        try withFolder { source throws(Failure) in
            try destination.withFolder { target throws(Failure) in
                let result = name.withCString { from in newName.withCString { to in renameat(source, from, target, to) } }
                guard result == 0 else { throw Failure(call: "rename", code: errno) }
            }
        }
    }

    /// Runs `body` with a descriptor of this folder.
    private func withFolder<Value>(_ body: (Int32) throws(Failure) -> Value) throws(Failure) -> Value {
        InboxFileWork.note(path)
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw Failure(call: "open folder", code: errno) }
        defer { close(folder) }
        return try body(folder)
    }
}

extension InboxFileName {
    /// Runs `body` with the name as a NUL-terminated C string.
    fileprivate func withCString<Value>(_ body: (UnsafePointer<CChar>) -> Value) -> Value {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
