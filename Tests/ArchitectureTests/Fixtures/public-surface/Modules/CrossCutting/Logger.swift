// Allowed: cross-cutting publishes utility types, classes included.
public final class TextLogger {}
