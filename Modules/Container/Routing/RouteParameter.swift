/// One parameter of a declared route (``RouteDeclaration``): its name in `strata://` URLs, its
/// command-line option (derived from the name), its kind, its help and whether it is required.
///
/// ```swift
/// RouteParameter("pageSize", .wholeNumber(1...1000, enforced: true), help: "How many reports per page, 1 to 1000.",
///                valueName: "n", defaultValue: "50")        // URL pageSize=20, command line --page-size 20
/// ```
public struct RouteParameter: Sendable {
    /// What a parameter's value is, which decides how it is read and checked.
    public enum Kind: Sendable {
        /// Free text (any value, an empty one too).
        case text
        /// An id (not blank, no control character, no `/`); the text says what one is, for messages.
        case identifier(String)
        /// A whole number in a range: a negative one is always refused on the command line
        /// (naming the range); the rest of the range only when `enforced` (else the domain's
        /// rule decides, as for an age).
        case wholeNumber(ClosedRange<Int>, enforced: Bool)
        /// A number (`140`, `72.5`); a negative one is refused on the command line, naming the range.
        case number(ClosedRange<Double>)
        /// `true` when given (`--follow`; `--no-follow` gives `false` when negatable).
        case flag
        /// One of these words.
        case choice([String])
        /// Any of these words: the option repeats on the command line (`--medication ace
        /// --medication diuretic`), the URL joins them with commas (`medication=ace,diuretic`).
        case choices([String])
        /// A day (`YYYY-MM-DD`; the command line also takes an ISO 8601 instant, read in the
        /// clock's calendar by the command that opens the URL).
        case day
    }

    /// The name in URLs and params (`patientName`).
    public let name: String
    /// What the value is.
    public let kind: Kind
    /// The help the command line shows.
    public let help: String
    /// The value's name in the help (`years`), or `nil` for the option's name.
    public let valueName: String?
    /// Whether the command needs it.
    public let required: Bool
    /// The value the route reads when it is not given, if any.
    public let defaultValue: String?
    /// Whether a flag also takes `--no-<option>` (`false`).
    public let negatable: Bool
    /// Whether a value reads (for a value the declaration's kind cannot judge alone: a gender
    /// named or numbered); `nil` accepts any of the kind's.
    public let accepts: (@Sendable (String) -> Bool)?

    /// A parameter named `name`.
    public init(
        _ name: String, _ kind: Kind, help: String, valueName: String? = nil, required: Bool = false,
        defaultValue: String? = nil, negatable: Bool = false, accepts: (@Sendable (String) -> Bool)? = nil
    ) {
        self.name = name
        self.kind = kind
        self.help = help
        self.valueName = valueName
        self.required = required
        self.defaultValue = defaultValue
        self.negatable = negatable
        self.accepts = accepts
    }

    /// The command-line option without dashes: the name in kebab case (`patient-name`).
    public var option: String {
        name.reduce(into: "") { text, character in
            if character.isUppercase {
                text += "-" + character.lowercased()
            } else {
                text.append(character)
            }
        }
    }

    /// Whether it is a flag (no value on the command line).
    public var isFlag: Bool {
        if case .flag = kind { return true }
        return false
    }

    /// The option as the help and messages show it: `--age <years>`, `--follow`.
    public var spelled: String {
        isFlag ? "--\(option)" : "--\(option) <\(valueName ?? option)>"
    }

    /// The option with its negation when it has one (`--follow/--no-follow`), else `--<option>`.
    public var spelledBoth: String {
        isFlag && negatable ? "--\(option)/--no-\(option)" : "--\(option)"
    }

    /// What a value in `range` is, for messages: `1 or more`, `1 to 1000`, with `unit` (`0 to 300 (mmHg)`).
    static func expected(_ lower: String, _ upper: String?, unit: String?) -> String {
        let range = upper.map { "\(lower) to \($0)" } ?? "\(lower) or more"
        return unit.map { "\(range) (\($0))" } ?? range
    }
}
