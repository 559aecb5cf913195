public import Foundation
public import StrataWire

/// The server's tunable limits.
public struct ServerSettings: Sendable, Hashable {
    /// How long a login token stays valid.
    public var tokenLifetime: TimeInterval
    /// PBKDF2-SHA256 rounds for new password hashes (at least 210,000).
    public var passwordRounds: Int
    /// The most changes one push may carry.
    public var maxChangesPerPush: Int
    /// The most objects one pull returns.
    public var maxPullLimit: Int
    /// The longest a push-channel poll may wait.
    public var maxPollWait: TimeInterval
    /// How long `GET /health/ready` waits for the database (2 s): a load balancer's probe wants a
    /// prompt answer, and a database slower than this is as good as down to it.
    public var readinessTimeout: Duration
    /// While polls wait, how often one read looks for push messages another process stored
    /// (`admin push` runs apart from `serve`) on storage that cannot signal them (SQLite; on
    /// PostgreSQL `NOTIFY` wakes polls and nothing checks on a timer); messages this process
    /// stores wake polls at once.
    public var pushCheckInterval: Duration
    /// The object types only a group's lead (or an administrator) may create and edit, as
    /// announcements are posted (`AccessRules.mayPostAnnouncement`): a member's insert or
    /// update is rejected with the rule's reason. Deletes follow the usual rules.
    /// `serve --lead-posted-type` sets them; the default is ``defaultLeadPostedTypes``.
    public var leadPostedTypes: Set<String>
    /// The conflict policy the server applies to a type's updates whatever the change names
    /// (``WireChange/policy``): a type listed `fail-if-changed` refuses an update of a field
    /// another user changed since the change's base version, even when the device asked to
    /// merge. A type not listed takes the change's policy. `serve --conflict-policy
    /// TYPE=fail-if-changed` sets them; none by default.
    public var conflictPolicies: [String: WireConflictPolicy]
    /// The most overwrite notices one pull answer carries (``PullResponse/overwritten``); with
    /// ``maxOverwriteBytesPerPull`` it bounds the answer: past it the page ends at the last
    /// notice's version (`hasMore`), and the next page carries on from there.
    public var maxOverwritesPerPull: Int
    /// The most bytes of overwrite notices (as JSON) one pull answer carries; a single write's
    /// notices are never split, so one page may pass it by that write's.
    public var maxOverwriteBytesPerPull: Int

    /// The built-in lead-posted type: `Announcement`, the reference app's ward announcements.
    public static let defaultLeadPostedTypes: Set<String> = ["Announcement"]

    /// Settings; the defaults suit production.
    public init(
        tokenLifetime: TimeInterval = 24 * 3600, passwordRounds: Int = 210_000, maxChangesPerPush: Int = 1000,
        maxPullLimit: Int = 1000, maxPollWait: TimeInterval = 30, pushCheckInterval: Duration = .milliseconds(200),
        leadPostedTypes: Set<String> = defaultLeadPostedTypes, conflictPolicies: [String: WireConflictPolicy] = [:],
        maxOverwritesPerPull: Int = 500, maxOverwriteBytesPerPull: Int = 1 << 20, readinessTimeout: Duration = .seconds(2)
    ) {
        self.readinessTimeout = max(.milliseconds(1), readinessTimeout)
        self.conflictPolicies = conflictPolicies
        self.maxOverwritesPerPull = max(1, maxOverwritesPerPull)
        self.maxOverwriteBytesPerPull = max(1, maxOverwriteBytesPerPull)
        self.tokenLifetime = tokenLifetime
        self.passwordRounds = max(passwordRounds, 210_000)
        self.maxChangesPerPush = maxChangesPerPush
        self.maxPullLimit = maxPullLimit
        self.maxPollWait = maxPollWait
        self.pushCheckInterval = max(.milliseconds(10), pushCheckInterval)
        self.leadPostedTypes = leadPostedTypes
    }
}
