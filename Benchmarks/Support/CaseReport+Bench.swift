import Foundation
public import StrataDomain

extension CaseReport {
    /// The `index`th report a benchmark saves: the product's own type (its encrypted patient
    /// name, its indexes, its field-merge policy), so a sync or live-change figure is what a
    /// ward's devices get, not a look-alike row. Every field varies with `index`; the
    /// creation times are one second apart from a fixed instant.
    public init(benchIndex index: Int) {
        self.init()
        patientName = "Patient \(index)"
        age = index % 100
        gender = Gender.allCases[index % Gender.allCases.count]
        isFollow = index % 2 == 0
        memo = "memo for case \(index)"
        createdAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
        updatedAt = createdAt
    }
}
