import StrataContainerTesting
import StrataTestSupport
import Testing

/// Waits (up to the shared patience: the host boots slowly on a loaded machine) until `terminal`'s last screen satisfies `check`, typing `typing` (if
/// any) before each look so the screen is drawn again; records an issue when it never does.
/// Throws `CancellationError` when the test is cancelled.
func waitFor(_ terminal: MemoryTerminal, typing: String? = nil, _ check: (String) -> Bool) async throws {
    let matched = await eventually(within: Patience.childProcess, every: .milliseconds(10)) {
        if check(terminal.lastScreen.joined(separator: "\n")) { return true }
        if let typing { terminal.type(typing) }
        return false
    }
    try Task.checkCancellation()
    if !matched { Issue.record("screen never matched; last screen:\n\(terminal.lastScreen.joined(separator: "\n"))") }
}
