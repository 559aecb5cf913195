import Foundation
public import StrataContainer

/// `strata-host`'s micro-apps and services: the built-in configuration (a property list compiled
/// into the kit), or a file given with `--config`.
public enum HostConfiguration {
    /// The name the built-in configuration is reported under in error messages.
    public static let builtInSource = "strata-host (built-in configuration)"

    /// The built-in configuration, in the seed's property-list format.
    ///
    /// Services: `clock` and `domain` start first; `announcements` (read from the server on
    /// demand) is created on its first lookup; the login-state service `session` (the
    /// kit's `HostSessionService`) starts through the `[AUTOSTART]` group `accounts`, then the
    /// `inbox` of the Notifications micro-app, the two store watchers, the background `sync` and
    /// `handoff` (the socket `strata-host open` hands URLs to) through the group `live` — only in
    /// an interactive run (a scripted run boots without
    /// autostart groups, and creates the lazy `session` on its first lookup).
    ///
    /// The micro-apps are ``HostRegistry/microApps``, in that order; their descriptions (what
    /// the Launcher shows, each app's `summary`) are in the current `MessageLanguage`: Japanese
    /// under a `ja` locale.
    public static var propertyList: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>Launcher</key><string>Launcher</string>
            <key>Applications</key>
            <array>
                \(applications)
            </array>
            <key>Services</key>
            <array>
                <dict><key>name</key><string>clock</string><key>class</key><string>ClockService</string>
                    <key>startsFirst</key><true/></dict>
                <dict><key>name</key><string>domain</string><key>class</key><string>DomainService</string>
                    <key>startsFirst</key><true/></dict>
                <dict><key>name</key><string>announcements</string><key>class</key><string>AnnouncementService</string>
                    <key>lazyLoading</key><true/></dict>
                <dict><key>name</key><string>inbox</string><key>class</key><string>NotificationInbox</string>
                    <key>lazyLoading</key><true/></dict>
                <dict><key>name</key><string>notificationWatcher</string><key>class</key><string>NotificationWatcher</string>
                    <key>lazyLoading</key><true/>
                    <key>dependencies</key><array><string>domain</string><string>inbox</string></array>
                    <key>onFailure</key><string>continue</string></dict>
                <dict><key>name</key><string>followUpWatcher</string><key>class</key><string>FollowUpWatcher</string>
                    <key>lazyLoading</key><true/>
                    <key>dependencies</key><array><string>domain</string><string>clock</string><string>inbox</string></array>
                    <key>onFailure</key><string>continue</string></dict>
                <dict><key>name</key><string>session</string><key>class</key><string>SessionService</string>
                    <key>lazyLoading</key><true/>
                    <key>onFailure</key><string>continue</string></dict>
                <dict><key>name</key><string>sync</string><key>class</key><string>BackgroundSync</string>
                    <key>lazyLoading</key><true/>
                    <key>onFailure</key><string>continue</string></dict>
                <dict><key>name</key><string>handoff</string><key>class</key><string>HandoffListener</string>
                    <key>lazyLoading</key><true/>
                    <key>onFailure</key><string>continue</string></dict>
            </array>
            <key>ServicesMap</key>
            <dict>
                <key>[AUTOSTART]</key><array><string>accounts</string><string>live</string></array>
                <key>accounts</key><array><string>session</string></array>
                <key>live</key><array><string>inbox</string><string>notificationWatcher</string><string>followUpWatcher</string><string>sync</string><string>handoff</string></array>
            </dict>
            <key>Settings</key>
            <dict><key>shutdownDeadlineSeconds</key><integer>5</integer></dict>
        </dict>
        </plist>
        """
    }

    /// The `Applications` entries of ``propertyList``: one per micro-app of ``HostRegistry/microApps``.
    static var applications: String {
        HostRegistry.microApps.map { app in
            "        <dict><key>name</key><string>\(xml(app.name))</string>\n"
                + "            <key>description</key><string>\(xml(app.summary))</string>\n"
                + "            <key>delegate</key><string>\(xml(app.delegateType))</string></dict>"
        }.joined(separator: "\n").trimmingCharacters(in: .whitespaces)
    }

    /// `text` as property-list character data (`&`, `<` and `>` escaped).
    private static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The configuration to boot: the file at `path` (`.plist` or `.json`), else the built-in one
    /// (``builtIn``).
    ///
    /// - Throws: ``ContainerError`` naming the file and key.
    public static func load(path: String?) throws -> ContainerConfiguration {
        if let path { return try ContainerConfiguration.load(from: URL(fileURLWithPath: path)) }
        return builtIn
    }

    /// ``propertyList`` as decoding it gives it (the same descriptors, origins and sources),
    /// built in code: parsing the property list (Foundation's `PropertyListSerialization`) cost
    /// every one-shot command about 2 ms of its start (issue 29). A test pins the two equal.
    static var builtIn: ContainerConfiguration {
        let source = builtInSource
        func service(
            _ index: Int, _ name: String, _ type: String, lazy: Bool = true, startsFirst: Bool = false,
            dependencies: [String] = [], onFailure: ServiceFailurePolicy = .failBoot
        ) -> ServiceDescriptor {
            ServiceDescriptor(
                name: name, type: type, lazy: lazy, startsFirst: startsFirst, dependencies: dependencies,
                failurePolicy: onFailure, origin: "\(source): Services[\(index)]")
        }
        return ContainerConfiguration(
            launcher: "Launcher",
            applications: HostRegistry.microApps.enumerated().map { index, app in
                ApplicationDescriptor(
                    name: app.name, description: app.summary, delegateType: app.delegateType,
                    origin: "\(source): Applications[\(index)]")
            },
            services: [
                service(0, "clock", "ClockService", lazy: false, startsFirst: true),
                service(1, "domain", "DomainService", lazy: false, startsFirst: true),
                service(2, "announcements", "AnnouncementService"),
                service(3, "inbox", "NotificationInbox"),
                service(4, "notificationWatcher", "NotificationWatcher", dependencies: ["domain", "inbox"], onFailure: .continue),
                service(
                    5, "followUpWatcher", "FollowUpWatcher", dependencies: ["domain", "clock", "inbox"], onFailure: .continue),
                service(6, "session", "SessionService", onFailure: .continue),
                service(7, "sync", "BackgroundSync", onFailure: .continue),
                service(8, "handoff", "HandoffListener", onFailure: .continue),
            ],
            servicesMap: ServicesMap(
                groups: [
                    "accounts": ["session"],
                    "live": ["inbox", "notificationWatcher", "followUpWatcher", "sync", "handoff"],
                ],
                autostart: ["accounts", "live"], origin: "\(source): ServicesMap"),
            settings: RuntimeSettings(shutdownDeadline: .seconds(5)),
            sources: [source])
    }
}
