#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

/// The domain's rules for input, each throwing `invalidInput` naming the field, the value and
/// what is accepted.
enum InputRules {
    /// The longest patient name accepted, in characters.
    static let maximumNameLength = 200
    /// The ages accepted, in years.
    static let ages = 0...150
    /// The blood pressures accepted, in mmHg.
    static let bloodPressures = 0.0...300.0

    /// `text` without leading and trailing white space.
    static func trimmed(_ text: String) -> String {
        text.trimmingWhitespaceAndNewlines()
    }

    /// The trimmed patient name: not empty, at most ``maximumNameLength`` characters, no
    /// control character.
    static func patientName(_ text: String) throws -> String {
        let name = trimmed(text)
        guard !name.isEmpty else {
            throw DomainError.invalidInput(
                localized(
                    "patientName is empty; expected a name of 1 to \(maximumNameLength) characters",
                    ja: "patientName（患者名）が空です。1〜\(maximumNameLength) 文字の名前を指定してください"),
                field: "patientName")
        }
        try oneLine(name, field: "patientName")
        guard name.count <= maximumNameLength else {
            throw DomainError.invalidInput(
                localized(
                    "patientName is \(name.count) characters long; expected at most \(maximumNameLength)",
                    ja: "patientName（患者名）が \(name.count) 文字あります。\(maximumNameLength) 文字以内にしてください"),
                field: "patientName")
        }
        return name
    }

    /// Refuses a one-line value (a name, an id, a title, a search) holding any control
    /// character — line breaks and tabs included (see `TerminalText.isControl`).
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming `field`, the character and its position.
    static func oneLine(_ text: String, field: String) throws {
        guard let (scalar, position) = TerminalText.firstControl(in: text) else { return }
        throw DomainError.invalidInput(
            "\(field) holds the control character \(TerminalText.describe(scalar)) at position \(position); "
                + "\(field) accepts no control characters (no escape sequences, tabs or line breaks)", field: field)
    }

    /// Refuses multi-line free text (a memo, a notification body) holding a control character
    /// other than a line feed or a tab.
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming `field`, the character and its position.
    static func multiLine(_ text: String, field: String) throws {
        guard let (scalar, position) = TerminalText.firstControl(in: text, allowing: ["\n", "\t"]) else { return }
        throw DomainError.invalidInput(
            "\(field) holds the control character \(TerminalText.describe(scalar)) at position \(position); "
                + "\(field) accepts line feeds and tabs but no other control characters", field: field)
    }

    /// The trimmed free text, checked by ``multiLine(_:field:)``.
    static func memo(_ text: String, field: String = "memo") throws -> String {
        let memo = trimmed(text)
        try multiLine(memo, field: field)
        return memo
    }

    /// An id as given: not empty (nor blank), no control character.
    ///
    /// - Parameters:
    ///   - field: the id's name in messages (`case report id`).
    ///   - expected: what a valid id is, for the message (`an id printed by 'reports add'`).
    /// - Throws: ``DomainError`` `invalidInput` naming `field`.
    @discardableResult
    static func identifier(_ text: String, field: String, expected: String) throws -> String {
        guard !trimmed(text).isEmpty else {
            throw DomainError.invalidInput(
                localized("\(field) is empty; expected \(expected)", ja: "\(field) が空です。\(expected)を指定してください"), field: field)
        }
        try oneLine(text, field: field)
        return text
    }

    /// The age, when it is in ``ages``.
    static func age(_ age: Int) throws -> Int {
        guard ages.contains(age) else {
            throw DomainError.invalidInput(
                localized(
                    "age is \(age); expected \(ages.lowerBound) to \(ages.upperBound) (years)",
                    ja: "age（年齢）が \(age) です。\(ages.lowerBound)〜\(ages.upperBound)（歳）を指定してください"),
                field: "age")
        }
        return age
    }

    /// Checks that each given pressure is in ``bloodPressures`` and that min is not above max.
    static func bloodPressures(max: Double?, min: Double?) throws {
        for (field, value) in [("maxBloodPressure", max), ("minBloodPressure", min)] {
            guard let value else { continue }
            guard bloodPressures.contains(value) else {
                let low = text(bloodPressures.lowerBound)
                let high = text(bloodPressures.upperBound)
                throw DomainError.invalidInput(
                    localized(
                        "\(field) is \(text(value)); expected \(low) to \(high) (mmHg)",
                        ja: "\(field) が \(text(value)) です。\(low)〜\(high)（mmHg）を指定してください"),
                    field: field)
            }
        }
        if let max, let min, min > max {
            throw DomainError.invalidInput(
                localized(
                    "minBloodPressure \(text(min)) is above maxBloodPressure \(text(max)); expected min ≤ max",
                    ja: "minBloodPressure \(text(min)) が maxBloodPressure \(text(max)) を上回っています。min ≤ max にしてください"),
                field: "minBloodPressure")
        }
    }

    /// Checks a page request: size and index at least 1, and a first item that exists.
    static func page(_ page: PageRequest) throws {
        guard page.size >= 1 else {
            throw DomainError.invalidInput("page size is \(page.size); expected 1 or more")
        }
        guard page.index >= 1 else {
            throw DomainError.invalidInput("page index is \(page.index); pages count from 1")
        }
        guard !(page.index - 1).multipliedReportingOverflow(by: page.size).overflow else {
            throw DomainError.invalidInput(
                "page \(page.index) of \(page.size) items starts beyond any listing; ask for a smaller page")
        }
    }

    /// A number as people write it: `120`, `120.5`.
    static func text(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 && value.rounded() == value ? String(Int64(value)) : String(value)
    }
}
