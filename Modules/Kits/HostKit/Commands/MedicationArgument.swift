import ArgumentParser
import StrataDomain

/// A `--medication` value: a ``Medication`` name (`ace`, `betaBlocker`, …; case-insensitive).
struct MedicationArgument: ExpressibleByArgument, Sendable, Hashable {
    /// The medication it names.
    let medication: Medication

    init?(argument: String) {
        let lowered = argument.lowercased()
        guard let match = Medication.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else {
            return nil
        }
        medication = match
    }

    static var allValueStrings: [String] { Medication.allCases.map(\.rawValue) }
}
