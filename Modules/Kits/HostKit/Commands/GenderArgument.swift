import ArgumentParser
import StrataDomain

/// A `--gender` value: a ``Gender`` name (`female`) or number (`2`).
struct GenderArgument: ExpressibleByArgument, Sendable {
    /// The gender it names.
    let gender: Gender

    init?(argument: String) {
        guard let gender = Gender(name: argument) else { return nil }
        self.gender = gender
    }

    static var allValueStrings: [String] { Gender.allCases.map(\.name) }
}
