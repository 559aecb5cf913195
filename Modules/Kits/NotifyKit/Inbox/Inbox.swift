public import Foundation
public import StrataCrossCutting
import StrataDomain

/// The maildir-style inbox `strata-notifyd` drains: `inbox/{tmp,new,cur,bad}`.
///
/// The protocol (Docs/Notifications.md): a sender writes a file into `tmp/` and renames it
/// into `new/` (an atomic step, so a reader never sees half a file). The daemon reads only
/// `new/`, oldest name first, skipping dot-files; it moves each processed file to `cur/`
/// under the same name, and each malformed one to `bad/` with a `<name>.reason` file.
public struct Inbox: Sendable, Hashable {
    /// The largest notification file accepted, in bytes (64 KiB); larger files go to `bad/`.
    public static let maximumFileSize = IncomingNotification.maximumDocumentSize

    /// The suffix of the reason file written next to a quarantined file in `bad/`.
    public static let reasonSuffix = ".reason"

    /// The inbox folder itself.
    public let url: URL

    /// An inbox at `url` (tests, tools).
    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// The inbox of a container directory: `$STRATA_HOME/inbox`.
    public init(container: ContainerDirectory) {
        self.init(url: container.inboxURL)
    }

    /// Where senders write files before renaming them into `new/`; never read by the daemon.
    public var tmpURL: URL { folder("tmp") }
    /// Where complete notifications wait to be processed.
    public var newURL: URL { folder("new") }
    /// Where processed notifications (recorded or duplicate) are kept.
    public var curURL: URL { folder("cur") }
    /// Where malformed files are quarantined, each with a `<name>.reason` file.
    public var badURL: URL { folder("bad") }

    /// Creates the inbox and its four folders owner-only (0700), tightening existing ones:
    /// these folders are Strata's own (unlike the container directory, which may be shared).
    /// A folder that is a symbolic link is refused, never followed.
    ///
    /// - Throws: ``NotifyKitError`` `inbox` naming the folder that could not be created, or
    ///   that is a symbolic link.
    @discardableResult
    public func prepare() throws -> Inbox {
        for folder in [url, tmpURL, newURL, curURL, badURL] {
            var info = stat()
            if lstat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                // Followed, it would make the daemon tighten, read and move files outside the container.
                throw NotifyKitError(
                    .inbox,
                    "cannot prepare the inbox: \(folder.path) is a symbolic link; expected a directory of Strata's own "
                        + "(links are never followed): remove the link, and strata-notifyd creates the folder")
            }
            do {
                try ContainerDirectory.makeOwnerOnlyDirectory(folder)
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
            } catch {
                throw NotifyKitError(.inbox, "cannot prepare the inbox: \(error)")
            }
        }
        return self
    }

    /// The names of the files waiting in `new/`, oldest name first (byte order); dot-files skipped.
    ///
    /// Names are the folder's raw bytes: one that is not UTF-8 is listed like any other.
    /// - Throws: ``NotifyKitError`` `inbox` when `new/` cannot be listed.
    public func pendingNames() throws -> [InboxFileName] {
        do throws(InboxFolder.Failure) {
            return try folder(newURL).names().filter { !$0.isHidden }.sorted()
        } catch {
            throw NotifyKitError(.inbox, "cannot list \(newURL.path): \(error.explanation)")
        }
    }

    /// `folder` for the raw file operations.
    func folder(_ url: URL) -> InboxFolder {
        InboxFolder(path: url.path)
    }

    private func folder(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: true)
    }
}
