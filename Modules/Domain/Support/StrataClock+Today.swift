#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

extension StrataClock {
    /// Today in the clock's calendar: from the start of today (inclusive) to the start of
    /// tomorrow (exclusive), so a day with a daylight-saving change has its real length.
    var today: DateInterval {
        let start = calendar.startOfDay(for: now())
        let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        return DateInterval(start: start, end: end)
    }
}
