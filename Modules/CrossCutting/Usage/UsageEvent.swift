/// One usage event: a stable kind and what it was about (a micro-app's name, an object's id).
///
/// The kinds are stable names the server groups by (`strata-server admin stats`); add new
/// ones, never rename one.
public struct UsageEvent: Sendable, Hashable {
    /// A stable event kind, e.g. `report.created`.
    public struct Kind: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        /// The kind's stable name.
        public var rawValue: String

        /// A kind with the given name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The name.
        public var description: String { rawValue }

        /// A host started (the container booted, or strata-notifyd started).
        public static let appLaunched = Kind(rawValue: "app.launched")
        /// A micro-app other than the Launcher was started.
        public static let microAppOpened = Kind(rawValue: "microapp.opened")
        /// A case report was created.
        public static let reportCreated = Kind(rawValue: "report.created")
        /// A case report was updated.
        public static let reportUpdated = Kind(rawValue: "report.updated")
        /// A follow-up was marked done.
        public static let followUpDone = Kind(rawValue: "followup.done")
        /// A notification was marked read.
        public static let notificationRead = Kind(rawValue: "notification.read")
    }

    /// What happened.
    public var kind: Kind
    /// What it happened to: a program, a micro-app's name or an object's id (empty: nothing).
    public var subject: String

    /// An event of `kind` about `subject`.
    public init(_ kind: Kind, subject: String = "") {
        self.kind = kind
        self.subject = subject
    }

    /// `program` started.
    public static func appLaunched(_ program: String) -> UsageEvent { UsageEvent(.appLaunched, subject: program) }
    /// The micro-app `name` was started.
    public static func microAppOpened(_ name: String) -> UsageEvent { UsageEvent(.microAppOpened, subject: name) }
    /// The case report `id` was created.
    public static func reportCreated(_ id: String?) -> UsageEvent { UsageEvent(.reportCreated, subject: id ?? "") }
    /// The case report `id` was updated.
    public static func reportUpdated(_ id: String?) -> UsageEvent { UsageEvent(.reportUpdated, subject: id ?? "") }
    /// The follow-up `id` was marked done.
    public static func followUpDone(_ id: String?) -> UsageEvent { UsageEvent(.followUpDone, subject: id ?? "") }
    /// The notification `id` was marked read.
    public static func notificationRead(_ id: String) -> UsageEvent { UsageEvent(.notificationRead, subject: id) }
}

/// The metadata keys a usage report carries in the diagnostic log and on the wire: the server
/// reads ``kind`` and ``device`` into columns of their own.
public enum UsageMetadataKey {
    /// The event kind (`report.created`), or `error` for a failure.
    public static let kind = "kind"
    /// What the event was about (``UsageEvent/subject``).
    public static let subject = "subject"
    /// Where a failure happened (the program).
    public static let source = "source"
    /// The signed-in user's id when it was recorded (empty: nobody).
    public static let user = "user"
    /// The device id (empty: none made yet).
    public static let device = "device"
    /// The app version.
    public static let appVersion = "appVersion"
}
