public import Foundation
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension Inbox {
    /// How `name` is shown in reasons and logs: `inbox/new/<name, escaped>`.
    public static func source(_ name: InboxFileName) -> String {
        "inbox/new/\(name.escaped)"
    }

    /// Reads `new/<name>`, refusing anything that can never be a notification.
    ///
    /// Only a regular file is read, never through a symbolic link and never blocking (a FIFO
    /// is refused before it is opened), and never more than ``maximumFileSize`` + 1 bytes.
    /// - Throws: ``NotifyKitError`` `vanished` when the file is gone (another reader took it);
    ///   `rejectedFile` when it is not a regular file, larger than ``maximumFileSize``, or
    ///   cannot be read (no permission, an I/O error): such a file is quarantined; `inbox`
    ///   when the process itself is short of resources (too many open files) or `new/` is gone.
    public func read(_ name: InboxFileName) throws -> Data {
        let shown = Self.source(name)
        guard name.isPlainFileName else { throw NotifyKitError(.vanished, "\(shown) is not a file in new/") }
        let new = folder(newURL)
        let status: (kind: InboxFolder.Kind, size: Int)
        do throws(InboxFolder.Failure) {
            status = try new.status(of: name)
        } catch {
            throw Self.failure(error, shown)
        }
        guard status.kind == .regular else { throw Self.notRegular(shown, status.kind) }
        guard status.size <= Self.maximumFileSize else { throw Self.tooLarge(shown, size: status.size) }
        let contents: (kind: InboxFolder.Kind, bytes: [UInt8])
        do throws(InboxFolder.Failure) {
            contents = try new.contents(of: name, limit: Self.maximumFileSize)
        } catch {
            throw Self.failure(error, shown)
        }
        guard contents.kind == .regular else { throw Self.notRegular(shown, contents.kind) }
        guard contents.bytes.count <= Self.maximumFileSize else { throw Self.tooLarge(shown, size: contents.bytes.count) }
        return Data(contents.bytes)
    }

    /// Moves `new/<name>` to `cur/`, keeping the name: the first of `name`, `name.2`, … that
    /// `cur/` does not hold, or a new unique name when those would be too long.
    ///
    /// - Returns: the file's name in `cur/`.
    /// - Throws: ``NotifyKitError`` `vanished`, or `unmovable` (the file is still in `new/`).
    @discardableResult
    public func accept(_ name: InboxFileName) throws -> InboxFileName {
        let cur = folder(curURL)
        let destination = Self.freeName(for: name, in: cur, reserving: []) ?? Self.uniqueName("renamed")
        try move(name, to: cur, as: destination, folderName: "cur")
        return destination
    }

    /// Writes `bad/<name>.reason` (`reason`, the time, the original name escaped) and moves
    /// `new/<name>` next to it.
    ///
    /// The file keeps its name when that name is printable and short (a free `name.2`, … when
    /// `bad/` holds it already); any other name — not UTF-8, with control characters, too
    /// long to take `.reason` — is replaced by a new unique `quarantined-<uuid>`, and the
    /// reason file's `original-name:` line keeps the original, escaped. When this throws
    /// (other than `vanished`), the file is still in `new/`: nothing is lost.
    /// - Returns: the file's name in `bad/`.
    /// - Throws: ``NotifyKitError`` `vanished` or `unmovable`.
    @discardableResult
    public func quarantine(_ name: InboxFileName, reason: String, at time: Date) throws -> InboxFileName {
        let bad = folder(badURL)
        let text = "\(Self.oneLine(reason))\nquarantined-at: \(DayText.instant(time))\noriginal-name: \(name.escaped)\n"
        for attempt in 1...20 {
            let kept = name.isKeptInQuarantine && attempt < 20
            let destination =
                (kept ? Self.freeName(for: name, in: bad, reserving: [Self.reasonSuffix]) : nil) ?? Self.uniqueName("quarantined")
            let reasonFile = destination.appending(Self.reasonSuffix)
            do throws(InboxFolder.Failure) {
                // Created exclusively: a second daemon choosing the same name tries the next one.
                try bad.create(reasonFile, holding: Array(text.utf8))
            } catch where error.code == EEXIST {
                continue
            } catch {
                throw NotifyKitError(
                    .unmovable, "cannot write bad/\(reasonFile.escaped) for \(Self.source(name)): \(error.explanation)")
            }
            do {
                try move(name, to: bad, as: destination, folderName: "bad")
            } catch {
                bad.remove(reasonFile)
                throw error
            }
            return destination
        }
        throw NotifyKitError(.unmovable, "cannot find a free name in bad/ for \(Self.source(name))")
    }

    /// `text` on one line: line breaks and tabs turned into spaces, every other control
    /// character escaped visibly (`TerminalText.escaped(_:)`, as every Strata text output does).
    static func oneLine(_ text: String) -> String {
        let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        return TerminalText.escaped(String(String.UnicodeScalarView(text.unicodeScalars.map { breaks.contains($0) ? " " : $0 })))
    }

    /// `name`, or `name.2`, `name.3`, … : the first that `folder` holds with none of `suffixes`
    /// either; `nil` when the candidate (with a suffix) would be longer than a name may be.
    private static func freeName(for name: InboxFileName, in folder: InboxFolder, reserving suffixes: [String])
        -> InboxFileName?
    {
        var candidate = name
        var counter = 1
        while true {
            let longest = suffixes.map(\.utf8.count).max() ?? 0
            guard candidate.bytes.count + longest <= InboxFileName.maximumLength else { return nil }
            guard ([""] + suffixes).contains(where: { folder.contains(candidate.appending($0)) }) else { return candidate }
            counter += 1
            candidate = name.appending(".\(counter)")
        }
    }

    /// A new name that no other file has: `<prefix>-<uuid>`.
    private static func uniqueName(_ prefix: String) -> InboxFileName {
        InboxFileName("\(prefix)-\(UUID().uuidString.lowercased())")
    }

    private func move(_ name: InboxFileName, to destination: InboxFolder, as newName: InboxFileName, folderName: String) throws {
        guard name.isPlainFileName else { throw NotifyKitError(.vanished, "\(Self.source(name)) is not a file in new/") }
        do throws(InboxFolder.Failure) {
            try folder(newURL).move(name, to: destination, as: newName)
        } catch where error.code == ENOENT {
            throw NotifyKitError(.vanished, "\(Self.source(name)) is gone (another reader took it)")
        } catch {
            throw NotifyKitError(
                .unmovable, "cannot move \(Self.source(name)) to \(folderName)/\(newName.escaped): \(error.explanation)")
        }
    }

    private static func notRegular(_ shown: String, _ kind: InboxFolder.Kind) -> NotifyKitError {
        NotifyKitError(.rejectedFile, "\(shown) is not a regular file (it is \(kind.phrase)); the inbox takes JSON files only")
    }

    private static func tooLarge(_ shown: String, size: Int) -> NotifyKitError {
        NotifyKitError(
            .rejectedFile, "\(shown) is \(size) bytes; a notification file may hold at most \(maximumFileSize) bytes")
    }

    /// The error for a failed look at, or read of, one file in `new/`.
    private static func failure(_ error: InboxFolder.Failure, _ shown: String) -> NotifyKitError {
        switch error.code {
        case ENOENT:
            return NotifyKitError(.vanished, "\(shown) is gone (another reader took it)")
        case ELOOP:
            return notRegular(shown, .symbolicLink)
        case EMFILE, ENFILE, ENOMEM, ENOBUFS, EAGAIN, EINTR:
            return NotifyKitError(.inbox, "cannot read \(shown) now: \(error.explanation)")
        default:
            guard error.call != "open folder" else {
                return NotifyKitError(.inbox, "cannot open inbox/new/: \(error.explanation)")
            }
            return NotifyKitError(.rejectedFile, "\(shown) cannot be read (\(error.explanation)); the inbox takes readable JSON files only")
        }
    }
}
