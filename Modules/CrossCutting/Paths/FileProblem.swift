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
        return diagnose(path) ?? localized("the file system refused it", ja: "ファイルシステムが拒否しました")
    }

    /// The reason an `errno` value names, with the part of `path` at fault when it helps.
    public static func reason(errno code: Int32, path: String) -> String {
        switch code {
        case ENOENT: return localized("no such file or directory", ja: "ファイルまたはディレクトリがありません")
        case EISDIR: return localized("is a directory", ja: "ディレクトリです")
        case ENOTDIR: return diagnose(path) ?? localized("a part of the path is not a directory", ja: "パスの一部がディレクトリではありません")
        case EACCES, EPERM: return localized("permission denied", ja: "アクセス権がありません")
        case EROFS: return localized("read-only file system", ja: "読み取り専用のファイルシステムです")
        case ENOSPC, EDQUOT: return localized("no space left on device", ja: "デバイスに空き容量がありません")
        case EEXIST: return localized("already exists", ja: "すでに存在します")
        case ENAMETOOLONG: return localized("the name is too long", ja: "名前が長すぎます")
        case ELOOP: return localized("too many symbolic links", ja: "シンボリックリンクが多すぎます")
        case EMFILE, ENFILE: return localized("too many open files", ja: "開いているファイルが多すぎます")
        case EIO: return localized("input/output error", ja: "入出力エラーです")
        default:
            let text = strerror(code).map { String(cString: $0) } ?? ""
            return text.isEmpty ? localized("system error \(code)", ja: "システムエラー \(code)") : text.lowercased()
        }
    }

    /// Why a directory that exists cannot be written to (`nil` when it can): `read-only file
    /// system`, or `read-only to this user (permission denied)`.
    public static func unwritableDirectoryReason(_ url: URL) -> String? {
        guard access(url.path, W_OK | X_OK) != 0 else { return nil }
        let code = errno
        switch code {
        case EROFS: return localized("it is on a read-only file system", ja: "読み取り専用のファイルシステム上にあります")
        case EACCES, EPERM: return localized("it is read-only to this user (permission denied)", ja: "このユーザーには読み取り専用です（アクセス権がありません）")
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
                return isDirectory ? nil : localized("not a directory (\(ancestor.path) is a file)", ja: "ディレクトリではありません（\(ancestor.path) はファイルです）")
            }
            ancestor = ancestor.deletingLastPathComponent()
        }
        return nil
    }
}
