import Testing

@Test func placeholderCrossCuttingTests() {}
