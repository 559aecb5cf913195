import Testing

@Test func placeholderContainer() {}
