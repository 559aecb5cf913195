import Testing

@Test func placeholderDataTestingTests() {}
