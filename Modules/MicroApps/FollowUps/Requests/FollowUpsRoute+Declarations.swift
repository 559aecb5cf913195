import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The FollowUps micro-app's actions, each declared once: the `strata://follows/…` URL it
/// answers, the `strata-host follows …` command it is (`overdue` is a URL only), and that
/// command's help, all read from here. The follow-up fields' parameters come from
/// `FollowUp.declaredFields` (``fieldParameters``), so a new field reaches the URL, the options
/// and the help without a line here.
extension FollowUpsRoute {
    /// add, list, due, overdue and done, in the order `strata-host follows --help` lists them.
    static var declarations: [RouteDeclaration] {
        [
            RouteDeclaration(
                "add", family: "follows", path: "new", command: "add",
                abstract: "Schedule a follow-up for a case report; prints its id (or the follow-up with --json).",
                discussion: "With no field, strata://follows/new opens the form (with ?report=<id>, for that report).",
                examples: [
                    "strata-host follows add --report <id> --date \"$(date -I -d '+7 days')\"",
                    #"strata-host follows add --report <id> --date "$(date -I -d '+7 days')" --max-bp 140 --min-bp 90 --medication ace --medication diuretic --memo "check potassium""#,
                ],
                parameters: fieldParameters,
                json: "Print the saved follow-up as JSON instead of its id."),
            RouteDeclaration(
                "list", family: "follows", aliases: ["list"], command: "list",
                abstract: "List follow-ups by date: all of them, or one report's.",
                examples: ["strata-host follows list", "strata-host follows list --report <id> --json"],
                parameters: [
                    RouteParameter("report", .identifier(reportID), help: "Only the follow-ups of this case report.", valueName: "id")
                ],
                json: "Print a JSON array of follow-ups."),
            RouteDeclaration(
                "due", family: "follows", path: "due", command: "due",
                abstract: "List follow-ups not yet done in a period of days (default: today).",
                discussion: "--from and --to are both included. --days N means today and the N-1 days after.",
                examples: [
                    "strata-host follows due", "strata-host follows due --days 7",
                    "strata-host follows due --from \"$(date -I)\" --to \"$(date -I -d '+30 days')\" --json",
                ],
                parameters: [
                    RouteParameter(
                        "days", .wholeNumber(1...3660, enforced: true), help: "The number of days from today on, 1 to 3660.",
                        valueName: "n"),
                    RouteParameter("from", .day, help: "The first day of the period (needs --to).", valueName: "YYYY-MM-DD"),
                    RouteParameter("to", .day, help: "The last day of the period, included (needs --from).", valueName: "YYYY-MM-DD"),
                ],
                json: "Print a JSON array of due follow-ups, each with its report.",
                usageCheck: { values in
                    if (values["from"] == nil) != (values["to"] == nil) {
                        return "--from and --to go together: give both, or use --days"
                    }
                    if values["days"] != nil, values["from"] != nil {
                        return localized(
                            "give either --days or --from/--to, not both", ja: "--days と --from/--to はどちらか一方だけを指定してください")
                    }
                    return nil
                },
                daysCheck: { days in
                    if let from = days["from"], let to = days["to"], to < from {
                        throw CrossCuttingError(.badDate, "--to \(to) is before --from \(from); expected a period forwards in time")
                    }
                }),
            RouteDeclaration(
                "overdue", family: "follows", path: "overdue", command: nil,
                abstract: "Follow-ups not done whose day has passed."),
            RouteDeclaration(
                "done", family: "follows", path: "<id>/done", command: "done", abstract: "Mark a follow-up done.",
                examples: ["strata-host follows done <follow-up id>"],
                identifier: RouteDeclaration.Identifier(
                    help: "The follow-up's id, as printed by 'follows add' or 'follows list'.",
                    name: localized("the follow-up id", ja: "フォローアップの ID"),
                    expected: localized(
                        "a follow-up id, as printed by 'follows add' or 'follows list'",
                        ja: "フォローアップの ID（'follows add' や 'follows list' が表示するもの）"))),
        ]
    }

    /// What a case report id is, for messages.
    static var reportID: String {
        localized(
            "a case report id, as printed by 'reports add' or 'reports list'",
            ja: "症例報告の ID（'reports add' や 'reports list' が表示するもの）")
    }

    /// Each input field of `FollowUp.declaredFields` as a parameter of `add`, by its name; the
    /// fields required to add are required.
    static var fieldParameters: [RouteParameter] {
        FollowUp.inputFields.map { field in
            RouteParameter(
                field.name, kind(of: field.input), help: field.help, valueName: field.valueName, required: field.requiredToAdd)
        }
    }

    /// The parameter kind a declared field's input is (an identifier's text in the person's language).
    static func kind(of input: DeclaredInput) -> RouteParameter.Kind {
        switch input {
        case .text: .text
        case .flag: .flag
        case .choice(let values): .choice(values)
        case .choices(let values): .choices(values)
        case .wholeNumber(let range): .wholeNumber(range, enforced: false)
        case .number(let range): .number(range)
        case .day: .day
        case .identifier(let expected): .identifier(expected.text)
        }
    }
}
