import StrataCrossCutting

public protocol ReportService: Sendable {}
