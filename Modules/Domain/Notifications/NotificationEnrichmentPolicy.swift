/// How long the domain may spend enriching one incoming notification, and whom to tell when
/// it runs out: past the deadline the notification is recorded (and so delivered) with its
/// original content, unchanged, as a notification-service extension whose time is up.
///
/// `strata-notifyd` sets it from `--enrich-deadline` and logs each notification whose
/// enrichment ran out (`StrataNotifyKit`'s `EnrichmentDeadline`).
public struct NotificationEnrichmentPolicy: Sendable {
    /// The deadline when none is given: 5 seconds.
    public static let defaultDeadline: Duration = .seconds(5)

    /// How long one notification's enrichment (its report and follow-up look-ups) may take.
    public var deadline: Duration
    /// Told the notification's id when its enrichment ran out and the original content was kept.
    public var onDeadlinePassed: (@Sendable (_ notificationId: String, _ deadline: Duration) -> Void)?

    /// A policy with the given deadline (5 s by default) and callback.
    public init(
        deadline: Duration = Self.defaultDeadline,
        onDeadlinePassed: (@Sendable (_ notificationId: String, _ deadline: Duration) -> Void)? = nil
    ) {
        self.deadline = deadline
        self.onDeadlinePassed = onDeadlinePassed
    }

    /// The default: 5 seconds, nobody told.
    public static let standard = NotificationEnrichmentPolicy()
}
