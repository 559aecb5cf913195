import StrataCrossCutting
import StrataData

public protocol ReportService: Sendable {}
