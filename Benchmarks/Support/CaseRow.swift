public import Foundation

/// The six plaintext columns of a case report, as the store-versus-raw-SQLite benchmarks insert
/// them: one row shape for strata-bench-store and strata-bench-scale, stored by each under its own
/// type (``CaseRowRecord``) and written by the raw side (``RawSQLite``) into the same columns.
///
/// Not `CaseReport` itself: each figure is a ratio against the SQLite C API on the same plaintext
/// columns and indexes, which CaseReport's encrypted patient name would not match
/// (strata-bench-sync and strata-bench-live save the real CaseReport, ``CaseReport/init(benchIndex:)``).
public struct CaseRow: Sendable, Equatable {
    /// `Patient <index>`.
    public var patientName = ""
    /// `index` modulo the number of ages.
    public var age = 0
    /// `index` modulo 3.
    public var gender = 0
    /// Every other row.
    public var isFollow = false
    /// `memo for case <index>`.
    public var memo = ""
    /// One second apart from a fixed instant.
    public var createdAt = Date(timeIntervalSince1970: 0)

    /// A row with every column at its default.
    public init() {}

    /// The `index`th row; `age` takes `ages` values (100 by default; a page query for one age
    /// then matches 1% of the rows).
    public init(index: Int, ages: Int = 100) {
        patientName = "Patient \(index)"
        age = index % ages
        gender = index % 3
        isFollow = index % 2 == 0
        memo = "memo for case \(index)"
        createdAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
    }

    /// The columns, in the order ``RawSQLite`` writes and reads them.
    public static let columns = ["patientName", "age", "gender", "isFollow", "memo", "createdAt"]
    /// The single-column indexes `CaseReport` has (patient name, creation time).
    public static let caseReportIndexes = ["patientName", "createdAt"]
}
