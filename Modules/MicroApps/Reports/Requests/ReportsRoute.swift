import StrataContainer
import StrataCrossCutting
import StrataDomain

/// What a `strata://reports/…` URL (or a start's params) asks the Reports micro-app for.
///
/// | URL | route |
/// |---|---|
/// | `strata://reports?search=sato&page=2&pageSize=20&scope=mine` | ``list(search:page:)`` |
/// | `strata://reports/new?patientName=…&age=42&gender=female&follow=true&memo=…` | ``add(_:)`` (no fields: the form) |
/// | `strata://reports/<id>` | ``show(_:)`` |
/// | `strata://reports/<id>/edit?age=43&follow=false` | ``edit(_:_:)`` (no fields: the form) |
/// | `strata://reports/<id>/delete` | ``delete(_:)`` |
///
/// `format=json` asks for JSON output in a scripted run.
///
/// ``confirmationRefusal`` is the one place the destructive routes (those a link may not run
/// without asking) are marked.
enum ReportsRoute: Equatable {
    case list(search: String?, page: PageRequest)
    case add(CaseReportDraft?)
    case show(String)
    case edit(String, CaseReportChange)
    case delete(String)

    /// `nil` when the route may run without asking; for a destructive one (it overwrites or
    /// removes what a person wrote: `edit` with changes, `delete`), the line refusing it when it
    /// comes from outside the app (a link, `strata-host open`) without a terminal: the running
    /// app asks first (a confirmation screen), and `strata-host reports update|delete ID` is
    /// the typed way. Additive or reversible routes run as they come (`new` only adds a report).
    /// A new route must decide here (the switch has no default).
    var confirmationRefusal: String? {
        switch self {
        case .list, .add, .show: return nil
        case .edit(_, let change) where change.isEmpty: return nil  // only opens the form
        case .edit(let id, _):
            return localized(
                "strata://reports/\(id)/edit overwrites case report \(id), which a link may not do without asking: "
                    + "open it while strata-host runs and confirm there, or type strata-host reports update \(id) --memo …",
                ja: "strata://reports/\(id)/edit は症例報告 \(id) を上書きします。リンクから確認なしには"
                    + "実行できません: strata-host の実行中に開いてそこで確認するか、strata-host reports update \(id) --memo … と入力してください")
        case .delete(let id):
            return localized(
                "strata://reports/\(id)/delete deletes case report \(id) and its follow-ups, which a link may not do "
                    + "without asking: open it while strata-host runs and confirm there, or type strata-host reports delete \(id)",
                ja: "strata://reports/\(id)/delete は症例報告 \(id) とそのフォローアップを削除します。リンクから確認なしには"
                    + "実行できません: strata-host の実行中に開いてそこで確認するか、strata-host reports delete \(id) と入力してください")
        }
    }

    /// Reads the route from a start's params (`path` plus the URL's query items) through
    /// ``declarations``: the path picks the action, whose declared keys are the accepted ones.
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming the parameter that cannot be read;
    ///   ``ContainerError`` `unknownParameter` naming the keys the route does not accept (and
    ///   the accepted ones).
    init(params: [String: String]) throws {
        let declarations = Self.declarations
        guard let (declaration, id) = try RouteDeclaration.match(params, in: declarations) else {
            throw DomainError(.invalidInput, RouteDeclaration.noRoute(params, in: declarations))
        }
        let values = RouteValues(params, declaration: declaration) { DomainError(.invalidInput, $0) }
        let reader = RouteParameters(params)
        switch declaration.name {
        case "list": self = .list(search: params["search"], page: try reader.page(values))
        case "add": self = .add(try reader.draft())
        case "show": self = .show(id ?? "")
        case "update": self = .edit(id ?? "", try reader.change())
        default: self = .delete(id ?? "")
        }
    }
}

/// Reads typed values out of a start's string params, naming the parameter in every error.
struct RouteParameters {
    let params: [String: String]

    init(_ params: [String: String]) { self.params = params }

    /// The page the list's params ask for, read by its declaration (`page`, `pageSize`, `scope`).
    func page(_ values: RouteValues) throws -> PageRequest {
        let index = try values.wholeNumber("page") ?? 1
        let size = try values.wholeNumber("pageSize") ?? 50
        guard let name = try values.choice("scope"), let scope = PageRequest.scope(named: name) else {
            return PageRequest(size: size, index: index)
        }
        return PageRequest(size: size, index: index, scope: scope)
    }

    /// The new report the params describe (each input field of `CaseReport.declaredFields`
    /// read by its name), or `nil` when they name no field (show the form).
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming a field required to add that is
    ///   missing, or a value that cannot be read.
    func draft() throws -> CaseReportDraft? {
        let fields = CaseReport.inputFields
        guard params.keys.contains(where: { key in fields.contains { $0.name == key } }) else { return nil }
        var values = CaseReport()
        for field in fields {
            let given = try params[field.name].map { try field.parse($0, into: &values) } ?? false
            if field.requiredToAdd && !given {
                throw DomainError(
                    .invalidInput,
                    localized(
                        "\(field.name) is required to add a case report",
                        ja: "症例報告の追加には \(field.name)（\(field.term)）が必要です"))
            }
        }
        return CaseReportDraft(values: values)
    }

    /// The change the params describe: each input field of `CaseReport.declaredFields` they
    /// give, read by its name.
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming a value that cannot be read.
    func change() throws -> CaseReportChange {
        var change = CaseReportChange()
        for field in CaseReport.inputFields {
            if let text = params[field.name] { try change.set(field, text: text) }
        }
        return change
    }
}
