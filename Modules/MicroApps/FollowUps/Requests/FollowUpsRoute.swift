import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// What a `strata://follows/…` URL (or a start's params) asks the FollowUps micro-app for.
///
/// | URL | route |
/// |---|---|
/// | `strata://follows?report=<id>` | ``list(report:)`` |
/// | `strata://follows/new?report=<id>&date=2026-12-01&maxBp=140&minBp=90&medication=ace,diuretic&memo=…` | ``schedule(_:)`` (no fields: the form) |
/// | `strata://follows/due` (today), `?days=7`, `?from=2026-12-01&to=2026-12-31` | ``due(_:)`` |
/// | `strata://follows/overdue` | ``overdue`` |
/// | `strata://follows/<id>/done` | ``done(_:)`` |
///
/// Days are `YYYY-MM-DD` in the clock's calendar; `format=json` asks for JSON output. With a
/// person at the terminal, `strata://follows/new?report=<id>` alone opens the form with that
/// report chosen (see ``asksForm(_:)``; a report's detail screen starts it so).
enum FollowUpsRoute: Equatable {
    case list(report: String?)
    case schedule(FollowUpDraft?)
    case due(DateInterval)
    case overdue
    case done(String)

    /// `nil` for every route today: none overwrites or removes what a person wrote (`new` adds a follow-up, `done` marks one done, the lists read), so a
    /// link runs them as they come. A destructive route (an edit or a delete) would return the
    /// line refusing it from a link, as `ReportsRoute.confirmationRefusal` does, and ask in the
    /// running app. A new route must decide here (the switch has no default).
    var confirmationRefusal: String? {
        switch self {
        case .list, .schedule, .due, .overdue, .done: return nil
        }
    }

    /// Whether `params` ask for the schedule form at a terminal: path `new` with no field but
    /// the report (an empty report too, which the form then asks for).
    static func asksForm(_ params: [String: String]) -> Bool {
        params["path"] == "new" && Set(params.keys).isSubset(of: ["path", "report"])
    }

    /// Reads the route from a start's params (`path` plus the URL's query items) through
    /// ``declarations``: the path picks the action, whose declared keys are the accepted ones.
    ///
    /// - Throws: ``DomainError`` `invalidInput` (or a `badDate` ``CrossCuttingError``) naming
    ///   the parameter that cannot be read; ``ContainerError`` `unknownParameter` naming the
    ///   keys the route does not accept (and the accepted ones).
    init(params: [String: String], clock: any StrataClock) throws {
        let reader = FollowUpParameters(params: params, calendar: clock.calendar)
        let declarations = Self.declarations
        guard let (declaration, id) = try RouteDeclaration.match(params, in: declarations) else {
            throw DomainError(.invalidInput, RouteDeclaration.noRoute(params, in: declarations))
        }
        switch declaration.name {
        case "list":
            if let report = params["report"], report.trimmingCharacters(in: .whitespaces).isEmpty {
                // An empty report must not widen the listing to every report's follow-ups.
                throw DomainError(.invalidInput, "report is empty; expected the id of a case report, or no report parameter")
            }
            self = .list(report: params["report"])
        case "add": self = .schedule(try reader.draft())
        case "due": self = .due(try reader.period(today: clock.calendar.startOfDay(for: clock.now())))
        case "overdue": self = .overdue
        default: self = .done(id ?? "")
        }
    }
}

/// Reads typed follow-up values out of string params, naming the parameter in every error.
struct FollowUpParameters {
    let params: [String: String]
    let calendar: Calendar

    func day(_ key: String) throws -> Date? {
        guard let text = params[key], !text.isEmpty else { return nil }
        return try DayText.parse(text, calendar: calendar, what: key)
    }

    /// The follow-up the params describe (each input field of `FollowUp.declaredFields` read
    /// by its name, in the table's order), or `nil` when they name no field (show the form).
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming a field required to add that is missing
    ///   or empty, or a value that cannot be read (a `badDate` `CrossCuttingError` for a day).
    func draft() throws -> FollowUpDraft? {
        let fields = FollowUp.inputFields
        guard params.keys.contains(where: { key in fields.contains { $0.name == key } }) else { return nil }
        var values = FollowUp()
        for field in fields {
            let text = params[field.name] ?? ""
            if field.requiredToAdd && text.isEmpty {
                throw DomainError(
                    .invalidInput,
                    localized(
                        "\(field.name) is required to schedule a follow-up",
                        ja: "フォローアップの予定には \(field.name)（\(field.term)）が必要です"))
            }
            _ = try field.parse(text, into: &values, calendar: calendar)
        }
        return FollowUpDraft(values: values)
    }

    /// `[from, to + 1 day)`; `days=N` means today and the N-1 days after; nothing means today.
    func period(today: Date) throws -> DateInterval {
        var start = today
        var lastDay = today
        if let from = try day("from") {
            guard let to = try day("to") else { throw DomainError(.invalidInput, "from needs to (the last day)") }
            start = calendar.startOfDay(for: from)
            lastDay = calendar.startOfDay(for: to)
            guard lastDay >= start else {
                throw DomainError(.invalidInput, "to \(params["to"] ?? "") is before from \(params["from"] ?? "")")
            }
        } else if let text = params["days"], !text.isEmpty {
            guard let days = Int(text), (1...3660).contains(days) else {
                throw DomainError(.invalidInput, "days must be between 1 and 3660 (got \(text))")
            }
            lastDay = calendar.date(byAdding: .day, value: days - 1, to: today) ?? today
        }
        let end = calendar.date(byAdding: .day, value: 1, to: lastDay) ?? lastDay
        return DateInterval(start: start, end: end)
    }
}
