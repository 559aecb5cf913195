#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

extension StrataClock {
    /// Today: from the start of today (inclusive) to the start of tomorrow (exclusive), so a day
    /// with a daylight-saving change has its real length (``StrataClock/day(containing:)``).
    var today: DateInterval { day(containing: now()) }
}
