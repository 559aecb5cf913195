/// The domain's rules for a case report's fields, for a form that checks each value as it is
/// typed: the same rules ``CaseReportService/add(_:)`` and ``CaseReportService/update(id:_:)``
/// apply, so a rule lives once.
extension CaseReport {
    /// The ages accepted, in years (0…150).
    public static var acceptedAges: ClosedRange<Int> { InputRules.ages }

    /// The patient name as it is saved (trimmed).
    ///
    /// - Throws: ``DomainError`` `invalidInput` (field `patientName`): empty once trimmed, longer
    ///   than 200 characters, or holding a control character.
    public static func checkedPatientName(_ text: String) throws -> String {
        try InputRules.patientName(text)
    }

    /// The age, when it is in ``acceptedAges``.
    ///
    /// - Throws: ``DomainError`` `invalidInput` (field `age`) naming the age and the range.
    public static func checkedAge(_ age: Int) throws -> Int {
        try InputRules.age(age)
    }

    /// The memo as it is saved (trimmed).
    ///
    /// - Throws: ``DomainError`` `invalidInput` (field `memo`): a control character other than
    ///   a line feed or a tab.
    public static func checkedMemo(_ text: String) throws -> String {
        try InputRules.memo(text)
    }
}
