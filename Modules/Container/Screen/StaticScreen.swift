/// A screen of fixed lines that understands only the words every screen does (`back`, `home`,
/// `quit`): for messages and placeholders.
public struct StaticScreen: TextScreen {
    /// The lines shown.
    public let lines: [String]

    /// A screen showing `lines`.
    public init(lines: [String]) {
        self.lines = lines
    }

    /// The lines.
    public func render() async -> [String] { lines }

    /// `back`, `home`, `quit`; anything else shows the same screen again.
    public func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        await ScreenCommand(input).common(context: context) ?? .stay
    }
}
