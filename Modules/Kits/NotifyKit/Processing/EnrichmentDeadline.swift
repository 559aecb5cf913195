public import Logging
public import StrataDomain

/// The notification extension's enrichment deadline (`--enrich-deadline`): the domain's
/// ``NotificationEnrichmentPolicy`` with a log line for each notification whose enrichment
/// ran out, so the log says that its original content was recorded and delivered unchanged.
public enum EnrichmentDeadline {
    /// The policy for `seconds` (a positive, finite number: `NotifydCommand` checks it),
    /// warning on `logger` when a deadline passes.
    public static func policy(seconds: Double, logger: Logger) -> NotificationEnrichmentPolicy {
        NotificationEnrichmentPolicy(deadline: .milliseconds(Int64((seconds * 1000).rounded()))) { id, deadline in
            logger.warning(
                "enrichment passed its deadline; the original content is recorded and delivered unchanged",
                metadata: ["id": "\(id)", "deadline": "\(deadline)"])
        }
    }
}
