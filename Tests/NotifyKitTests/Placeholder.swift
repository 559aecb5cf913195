import Testing

@Test func placeholderNotifyKitTests() {}
