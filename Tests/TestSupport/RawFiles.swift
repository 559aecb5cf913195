public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// File operations by raw name bytes, for names Foundation cannot hold (not UTF-8), and the
/// odd entries a hostile inbox holds: FIFOs, sockets, files that cannot be moved.
public enum RawFiles {
    /// The names in `folder` (but `.` and `..`), as raw bytes, in byte order.
    public static func names(in folder: URL) -> [[UInt8]] {
        guard let stream = opendir(folder.path) else { return [] }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes != [46] && bytes != [46, 46] { names.append(bytes) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// `folder/name` as a NUL-terminated path.
    public static func path(_ folder: URL, _ name: [UInt8]) -> [CChar] {
        (Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
    }

    /// Writes `bytes` to `tmp/<name>` and renames it into `new/<name>`, as a sender must.
    public static func drop(_ name: [UInt8], _ text: String, tmp: URL, new: URL) throws {
        let temporary = path(tmp, name)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw failure("open") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw failure("write") }
        guard rename(temporary, path(new, name)) == 0 else { throw failure("rename") }
    }

    /// Makes a FIFO (a named pipe) `folder/name`: reading it would wait for a writer for ever.
    public static func makeFIFO(_ name: [UInt8], in folder: URL) throws {
        guard mkfifo(path(folder, name), 0o644) == 0 else { throw failure("mkfifo") }
    }

    /// Makes a UNIX-domain socket `folder/name` (as a crashed program leaves behind): opening
    /// it as a file fails with ENXIO, even for root. `name` must be short (sockaddr_un).
    public static func makeSocket(_ name: String, in folder: URL) throws {
        let socketPath = Array(folder.appendingPathComponent(name).path.utf8)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw failure("socket") }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard socketPath.count < capacity else { throw RawFileError(description: "socket path too long: \(socketPath.count)") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw failure("bind") }
    }

    /// Sets or clears the immutable attribute (`chattr +i`) of `url`: an immutable file cannot
    /// be renamed, not even by root. Returns whether it could (it needs CAP_LINUX_IMMUTABLE
    /// and a file system that keeps the attribute, such as ext4).
    @discardableResult
    public static func setImmutable(_ url: URL, _ immutable: Bool) -> Bool {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let getFlags: UInt = 0x8008_6601  // FS_IOC_GETFLAGS
        let setFlags: UInt = 0x4008_6602  // FS_IOC_SETFLAGS
        let immutableFlag: Int = 0x10  // FS_IMMUTABLE_FL
        var flags: Int = 0
        guard ioctl(descriptor, getFlags, &flags) == 0 else { return false }
        flags = immutable ? flags | immutableFlag : flags & ~immutableFlag
        return ioctl(descriptor, setFlags, &flags) == 0
    }

    /// Whether this machine lets a test make a file immutable (root with CAP_LINUX_IMMUTABLE on ext4 …).
    public static let canMakeImmutable: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("strata-immutable-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard setImmutable(probe, true) else { return false }
        setImmutable(probe, false)
        return true
    }()

    private static func failure(_ call: String) -> RawFileError {
        RawFileError(description: "\(call) failed: \(String(cString: strerror(errno)))")
    }
}

/// A raw file operation a test needed failed.
public struct RawFileError: Error, CustomStringConvertible {
    /// The call that failed and why.
    public let description: String
}
