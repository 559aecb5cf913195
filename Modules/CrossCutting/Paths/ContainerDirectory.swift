#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The shared container directory every Strata executable uses: the Linux "app group".
///
/// Resolution order: `$STRATA_HOME`, else `$XDG_DATA_HOME/strata`, else
/// `~/.local/share/strata`. ``prepare()`` creates it owner-only (mode 0700).
public struct ContainerDirectory: Sendable, Hashable {
    /// The environment variable that names the container directory outright.
    public static let homeVariable = "STRATA_HOME"

    /// The directory itself.
    public let url: URL

    /// A container directory at an explicit location (tests, tools).
    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// Resolves the container directory from an environment (pass `ProcessInfo.processInfo.environment`).
    ///
    /// - Throws: ``CrossCuttingError`` (`noHomeDirectory`) when neither `STRATA_HOME`,
    ///   `XDG_DATA_HOME` nor `HOME` is set; (`badEnvironment`) when one is set but relative.
    public static func resolve(environment: [String: String]) throws -> ContainerDirectory {
        if let home = nonEmpty(environment[homeVariable]) {
            return ContainerDirectory(url: try absolute(home, variable: homeVariable))
        }
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]) {
            let base = try absolute(xdg, variable: "XDG_DATA_HOME")
            return ContainerDirectory(url: base.appendingPathComponent("strata", isDirectory: true))
        }
        if let home = nonEmpty(environment["HOME"]) {
            let base = try absolute(home, variable: "HOME")
            return ContainerDirectory(url: base.appendingPathComponent(".local/share/strata", isDirectory: true))
        }
        throw CrossCuttingError(
            .noHomeDirectory,
            "cannot place the Strata container directory: set \(homeVariable) (or XDG_DATA_HOME or HOME)"
        )
    }

    /// The SQLite store shared by every executable.
    public var storeURL: URL { url.appendingPathComponent(StrataConstants.storeFileName) }

    /// The maildir-style inbox `strata-notifyd` drains.
    public var inboxURL: URL { url.appendingPathComponent(StrataConstants.inboxFolderName, isDirectory: true) }

    /// Whether the directory exists already (readers use this to avoid creating anything).
    public var exists: Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory
    }

    /// Creates the directory (and missing parents) with owner-only permissions, if needed.
    ///
    /// - Important: an existing directory is used as it is: its permissions are never changed
    ///   (`STRATA_HOME=/tmp` must not strip `/tmp`'s sticky bit). The store and inbox Strata
    ///   creates inside it are owner-only themselves.
    /// - Throws: ``CrossCuttingError`` (`containerDirectory`) naming the path when it exists
    ///   but is not a directory, cannot be created, or cannot be written to (a read-only
    ///   directory or file system), each reason in plain words.
    @discardableResult
    public func prepare() throws -> ContainerDirectory {
        try Self.makeOwnerOnlyDirectory(url)
        if let reason = FileProblem.unwritableDirectoryReason(url) {
            throw CrossCuttingError(
                .containerDirectory,
                "the container directory \(url.path) cannot be written to: \(reason); Strata keeps its store "
                    + "there: make it writable, or set \(Self.homeVariable) to a writable directory")
        }
        return self
    }

    /// Creates `url` (and missing parents) as an owner-only (0700) directory; an existing
    /// directory is left exactly as it is.
    ///
    /// - Throws: ``CrossCuttingError`` (`containerDirectory`) when `url` exists but is not a
    ///   directory, is a symbolic link to nothing, or cannot be created.
    public static func makeOwnerOnlyDirectory(_ url: URL) throws {
        let manager = FileManager.default
        var isDirectory = false
        if manager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory else {
                throw CrossCuttingError(
                    .containerDirectory, "\(url.path) exists but is not a directory; expected a directory for Strata's data")
            }
            return
        }
        if let target = try? manager.destinationOfSymbolicLink(atPath: url.path) {
            // A link whose target is missing: mkdir would only say "already exists".
            throw CrossCuttingError(
                .containerDirectory,
                "\(url.path) is a symbolic link to \(target), which does not exist; create that directory, or point "
                    + "\(homeVariable) at an existing directory")
        }
        // Several processes may create it (or a missing parent) at the same moment: whoever
        // loses that race finds a directory afterwards, which is success; one retry covers a
        // parent another process made between our look and our mkdir.
        for attempt in 1...2 {
            do {
                try manager.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                return
            } catch {
                if manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory { return }
                if attempt < 2 { continue }
                throw CrossCuttingError(
                    .containerDirectory, "cannot create the directory \(url.path): \(FileProblem.describe(error, path: url.path))")
            }
        }
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    private static func absolute(_ path: String, variable: String) throws -> URL {
        guard path.hasPrefix("/") else {
            throw CrossCuttingError(.badEnvironment, "\(variable)=\(path) must be an absolute path")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
