/// The domain's rules for a follow-up's fields, for a form that checks each value as it is
/// typed: the same rules ``FollowUpService/schedule(_:)`` applies, so a rule lives once.
extension FollowUp {
    /// Checks measured blood pressures: each given one within 0…300 mmHg, min not above max.
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming the field (`maxBloodPressure`,
    ///   `minBloodPressure`), the value and what is accepted.
    public static func checkBloodPressures(max: Double?, min: Double?) throws {
        try InputRules.bloodPressures(max: max, min: min)
    }

    /// The pressures as saved (unchanged) once ``checkBloodPressures(max:min:)`` accepts them:
    /// each field's rule checks its own side, the service both together.
    static func checkedBloodPressures(max: Double?, min: Double?) throws -> (max: Double?, min: Double?) {
        try checkBloodPressures(max: max, min: min)
        return (max, min)
    }

    /// The memo as it is saved (trimmed).
    ///
    /// - Throws: ``DomainError`` `invalidInput` (field `memo`): a control character other than
    ///   a line feed or a tab.
    public static func checkedMemo(_ text: String) throws -> String {
        try InputRules.memo(text)
    }
}
