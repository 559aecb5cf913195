public import Foundation
import StrataCrossCutting

extension Inbox {
    /// Reads `new/<name>`, refusing anything that can never be a notification.
    ///
    /// - Throws: ``NotifyKitError`` `vanished` when the file is gone (another reader took
    ///   it), `rejectedFile` when it is larger than ``maximumFileSize`` or not a regular file,
    ///   `inbox` when it cannot be read.
    public func read(_ name: String) throws -> Data {
        let file = newURL.appendingPathComponent(name, isDirectory: false)
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        } catch {
            throw Self.failure(error, file: file, doing: "read")
        }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            throw NotifyKitError(
                .rejectedFile, "inbox/new/\(name) is not a regular file; the inbox takes JSON files only")
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > Self.maximumFileSize {
            throw Self.tooLarge(name, size: size)
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maximumFileSize + 1) ?? Data()
        } catch {
            throw Self.failure(error, file: file, doing: "read")
        }
        guard data.count <= Self.maximumFileSize else { throw Self.tooLarge(name, size: data.count) }
        return data
    }

    /// Moves `new/<name>` to `cur/`, keeping the name (a free variant if `cur/` holds it already).
    ///
    /// - Returns: where the file now is.
    /// - Throws: ``NotifyKitError`` `vanished` or `inbox`.
    @discardableResult
    public func accept(_ name: String) throws -> URL {
        let destination = curURL.appendingPathComponent(freeName(for: name, in: curURL, reserving: []), isDirectory: false)
        try move(name, to: destination)
        return destination
    }

    /// Writes `bad/<name>.reason` (`reason`, then the time) and moves `new/<name>` next to it.
    ///
    /// When this throws (other than `vanished`), the file is still in `new/`: nothing is lost.
    /// - Returns: where the file now is.
    /// - Throws: ``NotifyKitError`` `vanished` or `inbox`.
    @discardableResult
    public func quarantine(_ name: String, reason: String, at time: Date) throws -> URL {
        let destination = badURL.appendingPathComponent(
            freeName(for: name, in: badURL, reserving: [Self.reasonSuffix]), isDirectory: false)
        let reasonFile = badURL.appendingPathComponent(
            destination.lastPathComponent + Self.reasonSuffix, isDirectory: false)
        let text = "\(Self.oneLine(reason))\nquarantined-at: \(DayText.instant(time))\n"
        do {
            try Data(text.utf8).write(to: reasonFile, options: .atomic)
        } catch {
            throw NotifyKitError(.inbox, "cannot write \(reasonFile.path): \(FileProblem.describe(error, path: reasonFile.path))")
        }
        do {
            try move(name, to: destination)
        } catch {
            try? FileManager.default.removeItem(at: reasonFile)
            throw error
        }
        return destination
    }

    /// `text` on one line: line breaks and tabs turned into spaces, every other control
    /// character escaped visibly (`TerminalText.escaped(_:)`, as every Strata text output does).
    static func oneLine(_ text: String) -> String {
        let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        return TerminalText.escaped(String(String.UnicodeScalarView(text.unicodeScalars.map { breaks.contains($0) ? " " : $0 })))
    }

    /// `name`, or `name.2`, `name.3`, … : the first that `folder` holds with none of `suffixes` either.
    private func freeName(for name: String, in folder: URL, reserving suffixes: [String]) -> String {
        let manager = FileManager.default
        var candidate = name
        var counter = 1
        while ([""] + suffixes).contains(where: {
            manager.fileExists(atPath: folder.appendingPathComponent(candidate + $0, isDirectory: false).path)
        }) {
            counter += 1
            candidate = "\(name).\(counter)"
        }
        return candidate
    }

    private func move(_ name: String, to destination: URL) throws {
        let source = newURL.appendingPathComponent(name, isDirectory: false)
        do {
            try FileManager.default.moveItem(at: source, to: destination)
        } catch {
            throw Self.failure(error, file: source, doing: "move to \(destination.deletingLastPathComponent().lastPathComponent)/")
        }
    }

    private static func tooLarge(_ name: String, size: Int) -> NotifyKitError {
        NotifyKitError(
            .rejectedFile, "inbox/new/\(name) is \(size) bytes; a notification file may hold at most \(maximumFileSize) bytes")
    }

    private static func failure(_ error: any Error, file: URL, doing action: String) -> NotifyKitError {
        let missing: Set<CocoaError.Code> = [.fileNoSuchFile, .fileReadNoSuchFile]
        if let cocoa = error as? CocoaError, missing.contains(cocoa.code) {
            return NotifyKitError(.vanished, "\(file.path) is gone (another reader took it)")
        }
        if let posix = error as? POSIXError, posix.code == .ENOENT {
            return NotifyKitError(.vanished, "\(file.path) is gone (another reader took it)")
        }
        return NotifyKitError(.inbox, "cannot \(action) \(file.path): \(FileProblem.describe(error, path: file.path))")
    }
}
