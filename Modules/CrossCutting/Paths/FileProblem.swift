#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file-system operation failed, in plain words: what every Strata message says instead
/// of Foundation's `NSCocoaErrorDomain error 512`.
///
/// ```swift
/// do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
/// catch { throw CrossCuttingError(.containerDirectory, "cannot create \(url.path): \(FileProblem.describe(error, path: url.path))") }
/// // cannot create /tmp/f/strata: not a directory (/tmp/f is a file)
/// ```
public enum FileProblem {
    /// The reason `error` (thrown by a file operation on `path`) names, in plain words: `no such
    /// file or directory`, `is a directory`, `not a directory (/x is a file)`, `permission
    /// denied`, `read-only file system`, `no space left on device`, … Never a Foundation error
    /// domain or code.
    public static func describe(_ error: any Error, path: String) -> String {
        if let code = posixCode(of: error) { return reason(errno: code, path: path) }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return reason(errno: ENOENT, path: path)
            case .fileReadNoPermission, .fileWriteNoPermission: return reason(errno: EACCES, path: path)
            case .fileWriteVolumeReadOnly: return reason(errno: EROFS, path: path)
            case .fileWriteOutOfSpace: return reason(errno: ENOSPC, path: path)
            case .fileWriteFileExists: return reason(errno: EEXIST, path: path)
            default: break
            }
        }
        return diagnose(path) ?? "the file system refused it"
    }

    /// The reason an `errno` value names, with the part of `path` at fault when it helps.
    public static func reason(errno code: Int32, path: String) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EISDIR: return "is a directory"
        case ENOTDIR: return diagnose(path) ?? "a part of the path is not a directory"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "read-only file system"
        case ENOSPC, EDQUOT: return "no space left on device"
        case EEXIST: return "already exists"
        case ENAMETOOLONG: return "the name is too long"
        case ELOOP: return "too many symbolic links"
        case EMFILE, ENFILE: return "too many open files"
        case EIO: return "input/output error"
        default:
            let text = strerror(code).map { String(cString: $0) } ?? ""
            return text.isEmpty ? "system error \(code)" : text.lowercased()
        }
    }

    /// Why a directory that exists cannot be written to (`nil` when it can): `read-only file
    /// system`, or `read-only to this user (permission denied)`.
    public static func unwritableDirectoryReason(_ url: URL) -> String? {
        guard access(url.path, W_OK | X_OK) != 0 else { return nil }
        let code = errno
        switch code {
        case EROFS: return "it is on a read-only file system"
        case EACCES, EPERM: return "it is read-only to this user (permission denied)"
        default: return reason(errno: code, path: url.path)
        }
    }

    /// The POSIX error code `error` carries, directly or as its underlying error.
    static func posixCode(of error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        // An `NSError` full Foundation made (in another module of the process): its domain and code.
        if domain(of: error) == posixDomain { return Int32(truncatingIfNeeded: error._code) }
        if let underlying = (error as? CocoaError)?.underlying { return posixCode(of: underlying) }
        return nil
    }

    /// The domain `error as NSError` names, read without full Foundation (which has `NSError`):
    /// ``cocoaDomain`` for a `CocoaError`, ``posixDomain`` for a `POSIXError`, else the error's
    /// own `_domain` (an `NSError`'s `domain`). The type is compared, not cast: with full
    /// Foundation in the process, any `NSError` casts to `CocoaError`, whatever its domain.
    static func domain(of error: any Error) -> String {
        if type(of: error) is CocoaError.Type { return cocoaDomain }
        if type(of: error) is POSIXError.Type { return posixDomain }
        return error._domain
    }

    /// `NSCocoaErrorDomain`, the domain of Foundation's file errors (`CocoaError`).
    static let cocoaDomain = "NSCocoaErrorDomain"
    /// `NSPOSIXErrorDomain`, the domain of an `errno` (`POSIXError`).
    static let posixDomain = "NSPOSIXErrorDomain"

    /// `not a directory (<ancestor> is a file)` when an ancestor of `path` exists and is not a
    /// directory, else `nil`.
    static func diagnose(_ path: String) -> String? {
        var ancestor = URL(fileURLWithPath: path).deletingLastPathComponent()
        while ancestor.path != "/" && !ancestor.path.isEmpty {
            var isDirectory = false
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                return isDirectory ? nil : "not a directory (\(ancestor.path) is a file)"
            }
            ancestor = ancestor.deletingLastPathComponent()
        }
        return nil
    }
}
