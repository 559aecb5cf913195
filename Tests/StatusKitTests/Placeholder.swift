import Testing

@Test func placeholderStatusKitTests() {}
