import StrataData
import StrataDataTesting  // Planted: production code reaching for the in-memory doubles.

struct ReportService {}
