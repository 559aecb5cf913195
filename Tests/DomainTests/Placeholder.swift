import Testing

@Test func placeholderDomainTests() {}
