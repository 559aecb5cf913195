import StrataData

public protocol CaseReportService: Sendable {}
public struct StoreCaseReportService: CaseReportService {}
public struct LoggingStore: Store {}

// Allowed: a value (Data's value-object protocol), an internal implementation, a foreign protocol.
public struct CaseReport: ValueObject, Hashable {}
struct StoreUseCase: UseCase, CaseReportService {}
public enum Gender: Int, Sendable, FieldValueConvertible {}
