import StrataReports
import Testing

@Test func reports() {}
