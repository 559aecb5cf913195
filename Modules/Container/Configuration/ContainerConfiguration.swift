public import Foundation
import StrataCrossCutting

/// What a container runs: its micro-apps, its services, the services map, the Launcher's name
/// and the runtime settings. Read from property-list or JSON files, or built in code.
///
/// The file format (property list shown as JSON; see Docs/Container.md for both):
///
/// ```json
/// {
///   "Launcher": "Launcher",
///   "Applications": [{ "name": "Launcher", "delegate": "LauncherDelegate", "description": "Home" }],
///   "Services": [{ "name": "auth", "class": "AuthService", "lazyLoading": true,
///                  "dependencies": ["store"], "onFailure": "continue" }],
///   "ServicesMap": { "[AUTOSTART]": ["core"], "core": ["auth"] },
///   "Settings": { "shutdownDeadlineSeconds": 5, "backgroundFetchIntervalSeconds": 900 }
/// }
/// ```
///
/// Names and types are checked against the ``ContainerRegistry`` at boot, where every problem
/// is a ``ContainerError`` naming the file and key.
public struct ContainerConfiguration: Sendable, Hashable {
    /// The Launcher's name when the configuration names none.
    public static let defaultLauncher = "Launcher"

    /// The name of the micro-app started last in the boot (the home screen); `nil` means `Launcher`.
    public var launcher: String?
    /// The micro-apps, in declaration order.
    public var applications: [ApplicationDescriptor]
    /// The services, in declaration order.
    public var services: [ServiceDescriptor]
    /// Groups of services and the groups started at boot.
    public var servicesMap: ServicesMap
    /// Deadlines and intervals.
    public var settings: RuntimeSettings
    /// The files this configuration was read from (for error messages), or `in code`.
    public var sources: [String]

    /// Creates a configuration in code.
    public init(
        launcher: String? = nil, applications: [ApplicationDescriptor] = [], services: [ServiceDescriptor] = [],
        servicesMap: ServicesMap = ServicesMap(), settings: RuntimeSettings = RuntimeSettings(),
        sources: [String] = ["in code"]
    ) {
        self.launcher = launcher
        self.applications = applications
        self.services = services
        self.servicesMap = servicesMap
        self.settings = settings
        self.sources = sources
    }

    /// The Launcher's name: ``launcher`` or ``defaultLauncher``.
    public var launcherName: String { launcher ?? Self.defaultLauncher }

    /// Reads one file; the format comes from the extension (`.plist`, `.json`) or the content.
    ///
    /// - Throws: ``ContainerError`` `malformedConfiguration` naming the file (and key) when it
    ///   cannot be read, parsed, or holds a wrong kind of value or an unknown key.
    public static func load(from url: URL) throws -> ContainerConfiguration {
        try checkReadable(url)
        let data: Foundation.Data
        do {
            data = try Foundation.Data(contentsOf: url)
        } catch {
            throw ContainerError(
                .malformedConfiguration,
                "\(url.path): cannot be read: \(FileProblem.describe(error, path: url.path)); expected a configuration "
                    + "file (property list or JSON)")
        }
        let format = ConfigurationFormat.detect(path: url.path, data: data)
        return try decode(data, format: format, source: url.lastPathComponent)
    }

    /// The largest configuration file read, in bytes (1 MiB: configurations are a few KB).
    public static let maximumFileSize = 1 << 20

    /// Refuses what is not a regular file of a sane size before reading it: reading a FIFO or
    /// a device (`/dev/zero`) would wait or grow for ever, and Foundation calls both
    /// "permission denied".
    private static func checkReadable(_ url: URL) throws {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return }  // reading names the reason in words
        let kind: String? =
            switch info.st_mode & S_IFMT {
            case S_IFREG, S_IFDIR: nil
            case S_IFIFO: "a named pipe, a FIFO"
            case S_IFCHR, S_IFBLK: "a device"
            case S_IFSOCK: "a socket"
            default: "not a file"
            }
        if let kind {
            throw ContainerError(
                .malformedConfiguration,
                "\(url.path) is not a regular file (it is \(kind)); expected a configuration file (property list or JSON)")
        }
        if (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > maximumFileSize {
            throw ContainerError(
                .malformedConfiguration,
                "\(url.path) is \(info.st_size) bytes; a configuration file may hold at most \(maximumFileSize) bytes")
        }
    }

    /// Reads several files (e.g. apps and services apart, as the seed does) into one configuration.
    public static func load(from urls: [URL]) throws -> ContainerConfiguration {
        var merged = ContainerConfiguration(sources: [])
        for url in urls { try merged.merge(load(from: url)) }
        return merged
    }

    /// Parses `data` in `format`; `source` names it in error messages (e.g. a file name).
    public static func decode(_ data: Foundation.Data, format: ConfigurationFormat, source: String) throws
        -> ContainerConfiguration
    {
        try ConfigurationParser(source: source).parse(data, format: format)
    }

    /// Adds `other`'s micro-apps, services, groups and autostart list to this one.
    ///
    /// - Throws: `duplicateName` when both name a Launcher or both declare one services-map group.
    public mutating func merge(_ other: ContainerConfiguration) throws {
        if let theirs = other.launcher {
            if let mine = launcher, mine != theirs {
                throw ContainerError(
                    .duplicateName,
                    "\(other.sources.joined(separator: ", ")): Launcher is \"\(theirs)\" but "
                        + "\(sources.joined(separator: ", ")) already named \"\(mine)\"")
            }
            launcher = theirs
        }
        let hadMap = !servicesMap.groups.isEmpty || !servicesMap.autostart.isEmpty
        applications += other.applications
        services += other.services
        for (group, members) in other.servicesMap.groups {
            if servicesMap.groups[group] != nil {
                throw ContainerError(
                    .duplicateName, "\(other.servicesMap.origin).\(group): the group is already declared in "
                        + servicesMap.origin)
            }
            servicesMap.groups[group] = members
        }
        servicesMap.autostart += other.servicesMap.autostart
        if !other.servicesMap.groups.isEmpty || !other.servicesMap.autostart.isEmpty {
            servicesMap.origin = hadMap ? "\(servicesMap.origin), \(other.servicesMap.origin)" : other.servicesMap.origin
        }
        if other.settings != RuntimeSettings() { settings = other.settings }
        sources += other.sources
    }
}

/// The two file formats a configuration may be written in.
public enum ConfigurationFormat: String, Sendable, Hashable {
    /// Apple's XML (or binary) property list, as the seed uses.
    case propertyList
    /// JSON.
    case json

    /// The format of a file: by extension, else by its first bytes (`<` or `bplist` → property list).
    public static func detect(path: String, data: Foundation.Data) -> ConfigurationFormat {
        if path.hasSuffix(".plist") { return .propertyList }
        if path.hasSuffix(".json") { return .json }
        let head = String(decoding: data.prefix(8), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return head.hasPrefix("<") || head.hasPrefix("bplist") ? .propertyList : .json
    }
}

/// Deadlines and intervals of the runtime.
public struct RuntimeSettings: Sendable, Hashable {
    /// How long the shutdown (micro-apps' will-terminate, services' will-destroy) may take.
    public var shutdownDeadline: Duration
    /// How often a background fetch runs; `nil` (the default) means never.
    public var backgroundFetchInterval: Duration?
    /// How long the app has to call a fetch's completion: 30 s, as in the seed.
    public var backgroundFetchDeadline: Duration

    /// Creates settings (defaults: 5 s shutdown, no fetch, 30 s fetch deadline).
    public init(
        shutdownDeadline: Duration = .seconds(5), backgroundFetchInterval: Duration? = nil,
        backgroundFetchDeadline: Duration = .seconds(30)
    ) {
        self.shutdownDeadline = shutdownDeadline
        self.backgroundFetchInterval = backgroundFetchInterval
        self.backgroundFetchDeadline = backgroundFetchDeadline
    }
}
