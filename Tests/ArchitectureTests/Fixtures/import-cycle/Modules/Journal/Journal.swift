import StrataStore

public protocol Journal: Sendable {}
