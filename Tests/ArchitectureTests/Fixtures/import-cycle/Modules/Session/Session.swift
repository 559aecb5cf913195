import StrataJournal

public protocol Session: Sendable {}
