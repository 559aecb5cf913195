// Allowed: cross-cutting publishes utility types, classes included.
public final class TextLogger {}
public func makeLogger() -> TextLogger { TextLogger() }
public let defaultLevel = 1
