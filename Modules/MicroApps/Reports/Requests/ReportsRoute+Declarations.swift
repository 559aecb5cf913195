import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The Reports micro-app's actions, each declared once: the `strata://reports/…` URL it answers,
/// the `strata-host reports …` command it is, and that command's help, all read from here.
/// The report fields' parameters come from `CaseReport.declaredFields` (``fieldParameters(adding:)``),
/// so a new field reaches the URL, the options and the help without a line here.
extension ReportsRoute {
    /// list, add, show, update and delete, in the order `strata-host reports --help` lists them.
    static var declarations: [RouteDeclaration] {
        let id = RouteDeclaration.Identifier(
            help: "The report's id, as printed by 'reports add' or 'reports list'.",
            name: localized("the report id", ja: "症例報告の ID"), expected: reportID)
        return [
            RouteDeclaration(
                "list", family: "reports", aliases: ["list"], command: "list",
                abstract: "List case reports, newest first, one page at a time.",
                examples: [
                    "strata-host reports list", "strata-host reports list --search sato", "strata-host reports list --scope mine",
                    "strata-host reports list --page 2 --page-size 20 --json",
                ],
                parameters: [
                    RouteParameter(
                        "search", .text, help: "Only reports whose patient name or memo contains this text (case-insensitive).",
                        valueName: "text"),
                    RouteParameter(
                        "page", .wholeNumber(1...Int.max, enforced: true), help: "Which page to show, counting from 1.",
                        valueName: "n", defaultValue: "1"),
                    RouteParameter(
                        "pageSize", .wholeNumber(1...1000, enforced: true), help: "How many reports per page, 1 to 1000.",
                        valueName: "n", defaultValue: "50"),
                    RouteParameter(
                        "scope", .choice(PageRequest.scopeNames),
                        help: localized(
                            "Whose reports: mine (yours), group (yours and your groups'), or all (every stored report).",
                            ja: "どの報告を表示するか: mine (自分の報告)、group (自分とグループの報告)、all (保存されたすべての報告)。"),
                        valueName: PageRequest.scopeNames.joined(separator: "|"), defaultValue: "all"),
                ],
                json: "Print a JSON array of reports."),
            RouteDeclaration(
                "add", family: "reports", path: "new", command: "add",
                abstract: "Add a case report; prints its id (or the report with --json).",
                discussion: "With no field, strata://reports/new opens the form.",
                examples: [
                    #"strata-host reports add --patient-name "Hanako Sato" --age 42"#,
                    #"strata-host reports add --patient-name "Taro Yamada" --age 67 --gender male --follow --memo "hypertension""#,
                ],
                parameters: fieldParameters(adding: true), json: "Print the saved report as JSON instead of its id."),
            RouteDeclaration(
                "show", family: "reports", path: "<id>", command: "show", abstract: "Show one case report.",
                examples: ["strata-host reports show <id>", "strata-host reports show <id> --json"], identifier: id,
                json: "Print the report as a JSON object."),
            RouteDeclaration(
                "update", family: "reports", path: "<id>/edit", command: "update",
                abstract: "Change fields of a case report; prints the report as saved.",
                discussion: "Only the options given change; at least one is needed. With no field, "
                    + "strata://reports/<id>/edit opens the form; with fields, a link asks first.",
                examples: [
                    "strata-host reports update <id> --age 43",
                    #"strata-host reports update <id> --no-follow --memo "stable, no further visits""#,
                ],
                parameters: fieldParameters(adding: false), identifier: id,
                json: "Print the saved report as a JSON object.", destructive: true, needsOneParameter: true),
            RouteDeclaration(
                "delete", family: "reports", path: "<id>/delete", command: "delete",
                abstract: "Delete a case report and its follow-ups.", examples: ["strata-host reports delete <id>"],
                identifier: id, destructive: true),
        ]
    }

    /// What a case report id is, for messages.
    static var reportID: String {
        localized(
            "a case report id, as printed by 'reports add' or 'reports list'",
            ja: "症例報告の ID（'reports add' や 'reports list' が表示するもの）")
    }

    /// Each input field of `CaseReport.declaredFields` as a parameter, by its name: a flag field
    /// a flag (`--no-x` too when updating), a field with choices a choice, a field that reads
    /// only whole numbers a whole number (never negative), any other text. Adding: the fields
    /// required to add are required.
    static func fieldParameters(adding: Bool) -> [RouteParameter] {
        CaseReport.inputFields.map { (field: DeclaredField<CaseReport>) -> RouteParameter in
            var accepts: (@Sendable (String) -> Bool)?
            if !field.choices.isEmpty { accepts = { text in reads(field, text) } }
            return RouteParameter(
                field.name, kind(of: field), help: field.help, valueName: field.valueName,
                required: adding && field.requiredToAdd, negatable: !adding, accepts: accepts)
        }
    }

    /// The parameter kind of `field`: its declared input (a whole number in the range its rule
    /// accepts from 0 up, not enforced: a negative value is refused on the command line naming
    /// it; the rest of the range stays the domain's to refuse).
    private static func kind(of field: DeclaredField<CaseReport>) -> RouteParameter.Kind {
        switch field.input {
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

    /// Whether `text` reads as `field`'s value.
    private static func reads(_ field: DeclaredField<CaseReport>, _ text: String) -> Bool {
        var values = CaseReport()
        return (try? field.parse(text, into: &values)) != nil
    }
}
