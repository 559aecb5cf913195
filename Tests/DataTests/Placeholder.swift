import Testing

@Test func placeholderDataTests() {}
