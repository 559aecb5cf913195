import Testing

@Test func placeholderHostKitTests() {}
