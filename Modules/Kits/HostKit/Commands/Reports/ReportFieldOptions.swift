import ArgumentParser
import StrataCrossCutting
import StrataDomain

/// The case-report fields as `reports add|update` options, read from the one declaration
/// (`CaseReport.declaredFields`): every input field is `--<name in kebab case> VALUE` (a flag
/// field: `--x`, and `--no-x` for update), its help the declaration's.
///
/// The first fields keep their typed `@Option`s in the commands (``typed``), so that
/// ArgumentParser's messages for them (`--age <years>` is not a number…) stay as they were;
/// every other declared field is taken here from the words ArgumentParser did not recognise
/// and listed in the command's help, so a new field needs no change to the commands.
enum ReportFieldOptions {
    /// The fields (by name) the commands declare as typed options.
    static let typed: Set<String> = ["patientName", "age", "gender", "follow", "memo"]

    /// The declared input fields taken as untyped options.
    static var untyped: [DeclaredField<CaseReport>] { CaseReport.inputFields.filter { !typed.contains($0.name) } }

    /// Every field's option as the "nothing to update" message lists them
    /// (`--patient-name, --age, --gender, --follow/--no-follow, --memo`).
    static var updateOptions: String {
        CaseReport.inputFields.map { $0.isFlag ? "--\($0.option)/--no-\($0.option)" : "--\($0.option)" }
            .joined(separator: ", ")
    }

    /// The query `strata://reports/new` takes, as `strata-host open --help` lists it: the
    /// fields required to add, then the others in brackets
    /// (`patientName=…&age=…[&gender=…&follow=true&memo=…]`).
    static var newReportQuery: String {
        func item(_ field: DeclaredField<CaseReport>) -> String { field.name + (field.isFlag ? "=true" : "=…") }
        let fields = CaseReport.inputFields
        let required = fields.filter(\.requiredToAdd).map(item).joined(separator: "&")
        let optional = fields.filter { !$0.requiredToAdd }.map { "&" + item($0) }.joined()
        return required + (optional.isEmpty ? "" : "[\(optional)]")
    }

    /// `discussion` followed by the untyped fields' options and help (nothing added when
    /// every field has its typed option).
    static func discussion(_ discussion: String, negatable: Bool) -> String {
        let lines = untyped.map { field in
            let option =
                switch (field.isFlag, negatable) {
                case (true, true): "--\(field.option)/--no-\(field.option)"
                case (true, false): "--\(field.option)"
                case (false, _): "--\(field.option) <\(field.valueName ?? field.option)>"
                }
            return "  " + option + String(repeating: " ", count: max(2, 24 - option.count)) + field.help
        }
        guard !lines.isEmpty else { return discussion }
        return discussion + "\n\nMore fields:\n" + lines.joined(separator: "\n")
    }

    /// The query items (`(name, text)`) the untyped options in `words` give.
    ///
    /// - Throws: `ValidationError` naming an option that is no declared field, a value
    ///   missing, or a flag given a value.
    static func query(_ words: [String], negatable: Bool) throws -> [(String, String?)] {
        var items: [(String, String?)] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("--") else { throw ValidationError("Unexpected argument '\(word)'") }
            let (option, inline) = split(word)
            if let field = untyped.first(where: { $0.option == option }) {
                if field.isFlag {
                    guard inline == nil else { throw ValidationError("The flag '--\(option)' does not take a value") }
                    items.append((field.name, "true"))
                } else if let value = inline ?? rest.popFirst() {
                    items.append((field.name, value))
                } else {
                    throw ValidationError("Missing value for '--\(option) <\(field.valueName ?? option)>'")
                }
            } else if negatable, option.hasPrefix("no-"), inline == nil,
                let field = untyped.first(where: { $0.isFlag && $0.option == option.dropFirst(3) })
            {
                items.append((field.name, "false"))
            } else {
                throw ValidationError("Unknown option '\(word)'")
            }
        }
        return items
    }

    /// `--name=value` as (`name`, `value`); `--name` as (`name`, `nil`).
    private static func split(_ word: String) -> (String, String?) {
        let body = word.dropFirst(2)
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }
}
